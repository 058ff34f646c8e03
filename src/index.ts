/** dwim: self-correcting tools for AI agents. Subpath exports give each area on its own: dwim/core, dwim/server, ... */
export * from "./core/index.js";
export { createApp, createMcpServer, serveHttp, serveStdio, TOOLSETS } from "./server/index.js";
