/** dwim/core: the recovery contract every dwim tool follows, usable by any MCP server. */
export * from "./config.js";
export * from "./context.js";
export * from "./corrections.js";
export * from "./errors.js";
export * from "./fix.js";
export * from "./invoke.js";
export * from "./log.js";
export * from "./registry.js";
export * from "./roots.js";
export * from "./schema.js";
export * from "./similarity.js";
export * from "./suggest.js";
export * from "./tool.js";
export * from "./validate.js";
