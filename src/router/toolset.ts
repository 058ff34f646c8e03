/** The router's toolset alone, without the proxy (which loads the MCP client): what the server and CLI load. */
import { defineToolset } from "../core/tool.js";
import { ROUTER_CONFIG_SECTIONS } from "./config.js";
import { ROUTER_TOOLS } from "./tools.js";

export const toolset = defineToolset({
  name: "router",
  description: "Tool routing: which tool for a task, is this name right, what tools exist; plus the call middleware",
  tools: [...ROUTER_TOOLS],
  configSections: [...ROUTER_CONFIG_SECTIONS],
});
