/** Embedding providers shared by the router and the memory. */
export * from "./cache.js";
export * from "./endpoint.js";
export * from "./factory.js";
export * from "./hash.js";
export * from "./onnx.js";
export * from "./provider.js";
export * from "./sentence-encoder.js";
