/** dwim/router: tool routing (analyze_intent, resolve_tool, list_capabilities), the call middleware and the proxy. */
export { BUILTIN_TOOL_ALIASES, GENERIC_VERBS } from "./aliases.js";
export { type CapabilitiesRequest, listCapabilities } from "./capabilities.js";
export * from "./config.js";
export { type Breakdown, IntentIndex, type ScoredTool } from "./intent.js";
export { createRouterMiddleware, routeCall } from "./middleware.js";
export { coerce, normalizeArguments } from "./params.js";
export * as proxy from "./proxy/index.js";
export { type ProxyHandle, startProxy } from "./proxy/index.js";
export { buildRegistry, paramsOf, RegistryError, type RouterRegistry, type RouterTool } from "./registry.js";
export { operationGuard, type Resolution, resolveDirect, resolveToolName } from "./resolve.js";
export { type IntentAnalysis, type IntentMatch, Router, routerFor } from "./router.js";
export { analyzeIntentTool, listCapabilitiesTool, ROUTER_TOOLS, resolveToolTool } from "./tools.js";
export { toolset } from "./toolset.js";
