/** dwim/server: assemble tool definitions into an MCP server over stdio or Streamable HTTP. */
export {
  type AppOptions,
  configSectionsOf,
  createApp,
  type DwimApp,
  SessionState,
  selectToolsets,
  UnknownToolsetError,
  VERSION,
} from "./app.js";
export { type HttpHandle, type HttpOptions, parseListenAddress, serveHttp } from "./http.js";
export { loadToolsets, TOOLSET_NAMES } from "./load.js";
export { callsInFlight, createMcpServer, SERVER_INSTRUCTIONS, toMcpTool } from "./mcp.js";
export { onShutdown, type ServeOptions, serveStdio } from "./stdio.js";
export { TOOLSETS } from "./toolsets.js";
