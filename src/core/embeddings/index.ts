/** Embedding providers shared by the router and the memory. */

export { createEndpointProvider, EndpointEmbeddings } from "./endpoint.js";
export { createEmbeddingProvider, type ProviderChoice } from "./factory.js";
export { HashEmbeddings, hashEmbed } from "./hash.js";
export { createOnnxProvider, missingModelFiles, OnnxEmbeddings } from "./onnx.js";
export { cosine, type EmbeddingProvider, l2normalize, MEMORY_SETTING } from "./provider.js";
