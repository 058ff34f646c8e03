/** dwim/server: assemble tool definitions into an MCP server over stdio or Streamable HTTP. */
export * from "./app.js";
export * from "./http.js";
export { loadToolsets, TOOLSET_NAMES } from "./load.js";
export * from "./mcp.js";
export * from "./stdio.js";
export { TOOLSETS } from "./toolsets.js";
