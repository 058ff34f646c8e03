/**
 * dwim/router: tool routing (analyze_intent, resolve_tool, list_capabilities) and the call middleware. The proxy
 * (dwim/proxy) routes its calls through this surface: `routerFor` + `routeCall` to resolve a call, `normOf` and
 * `BUILTIN_TOOL_ALIASES` to keep the names it serves distinguishable in the router's index.
 */
import { defineToolset } from "../core/tool.js";
import { ROUTER_CONFIG_SECTIONS } from "./config.js";
import { ROUTER_TOOLS } from "./tools.js";

export { BUILTIN_TOOL_ALIASES, GENERIC_VERBS } from "./aliases.js";
export { type CapabilitiesRequest, listCapabilities } from "./capabilities.js";
export {
  aliasesSection,
  type ConfigIntent,
  type ConfigTool,
  compileIntentPattern,
  DEFAULT_SEMANTIC_WEIGHT,
  intentsSection,
  type KeywordBoost,
  keywordsSection,
  MAX_PATTERN_CHARS,
  paramsSection,
  ROUTER_CONFIG_SECTIONS,
  type RouterConfig,
  type RouterSettings,
  routerConfigFrom,
  routerSection,
  toolsSection,
} from "./config.js";
export { type Breakdown, IntentIndex, type ScoredTool } from "./intent.js";
export {
  allowsExtraProperties,
  definitionFromListing,
  isDestructive,
  type ListedAnnotations,
  type ListedTool,
  zodObjectFromJsonSchema,
} from "./listed-tools.js";
export { createRouterMiddleware, type RouteOptions, routeCall } from "./middleware.js";
export { coerce, normalizeArguments } from "./params.js";
export { buildRegistry, RegistryError, type RouterRegistry, type RouterTool } from "./registry.js";
export { operationGuard, type Resolution, resolveDirect, resolveToolName } from "./resolve.js";
export { type IntentAnalysis, type IntentMatch, Router, routerFor } from "./router.js";
export { normOf } from "./text.js";
export { analyzeIntentTool, listCapabilitiesTool, ROUTER_TOOLS, resolveToolTool } from "./tools.js";

export const toolset = defineToolset({
  name: "router",
  description: "Tool routing: which tool for a task, is this name right, what tools exist; plus the call middleware",
  tools: [...ROUTER_TOOLS],
  configSections: [...ROUTER_CONFIG_SECTIONS],
});
