/** dwim/core: the recovery contract every dwim tool follows, usable by any MCP server. */
export {
  CORE_SECTIONS,
  type ConfigError,
  type ConfigSection,
  defineConfigSection,
  filesSection,
  formatConfigError,
  type GuardedKey,
  type LimitsConfig,
  type LoadConfigOptions,
  type LoadedConfig,
  type LogConfig,
  limitsSection,
  loadConfig,
  logSection,
  projectConfigPath,
  type RecoveryConfig,
  recoverySection,
  type ServeConfig,
  sectionOf,
  serveSection,
  userConfigPath,
} from "./config.js";
export {
  type ContextOptions,
  correctionLogFor,
  createToolContext,
  isUsableProject,
  noProjectError,
  projectOf,
} from "./context.js";
export {
  type Correction,
  combinedConfidence,
  correctionSchema,
  type DidYouMean,
  describeCorrection,
  didYouMean,
  didYouMeanSchema,
  mergeDidYouMean,
  type ResultsComparison,
} from "./corrections.js";
export {
  type ErrorInit,
  type ErrorPayload,
  type ErrorResult,
  errorPayload,
  errorResult,
  internalErrorPayload,
  isToolError,
  MAX_HINTS,
  renderError,
  ToolError,
} from "./errors.js";
export { applyLikelyFix, describeLikelyFix, parseJsonPath } from "./fix.js";
export {
  type CallMiddleware,
  type CallResult,
  exactNameResolver,
  type InvokeOptions,
  invokeTool,
  type ResolvedCall,
  type ResolveOutcome,
  renderBody,
  renderOutput,
  type SuccessResult,
  type ToolCall,
  thresholdsFrom,
  unknownToolError,
} from "./invoke.js";
export {
  CorrectionLog,
  type CorrectionLogOptions,
  defaultLogPath,
  type LogEntry,
  type LogSummary,
  PAYLOAD_PARAMETERS,
  renderSummary,
  summarizeLog,
} from "./log.js";
export { type EnumValue, type Parameter, type ParameterType, parametersOf, typeLabel } from "./parameters.js";
export { ensureStateDirectory, escapesProject, firstEscape } from "./project-paths.js";
export { ToolRegistry } from "./registry.js";
export { isInside, type RootCheck, resolveInsideRoots, resolveRoots } from "./roots.js";
export {
  errorJsonSchema,
  inputJsonSchema,
  lenientInputJsonSchema,
  listedInputJsonSchema,
  outputJsonSchema,
  withoutTypeArrays,
} from "./schema.js";
export {
  confirmScore,
  couldReachRatio,
  jaroWinkler,
  nameKey,
  normalize,
  osa,
  RatioBound,
  ratio,
  rawRatio,
  singularize,
  tokens,
} from "./similarity.js";
export {
  type BlockedReason,
  type CandidateSpec,
  DEFAULT_THRESHOLDS,
  differingParts,
  editBudget,
  type MatchKind,
  NameIndex,
  type ScoredCandidate,
  type Suggestion,
  type SuggestMatch,
  type SuggestOptions,
  type SuggestThresholds,
  splitNamespace,
  suggest,
  type Tier,
} from "./suggest.js";
export {
  type AnyToolDefinition,
  defineTool,
  defineToolset,
  type InputShape,
  type ProgressUpdate,
  parameterNames,
  SessionState,
  summaryOf,
  type ToolAnnotations,
  type ToolContext,
  type ToolDefinition,
  type ToolOutput,
  type ToolSpec,
  type Toolset,
} from "./tool.js";
export { contentHash, type TrustState, trustFile, trustOf, trustStorePath, untrustFile } from "./trust.js";
export {
  coerceLikelyFix,
  isPlainObject,
  jsonPath,
  requiredParameters,
  unknownParameterError,
  type Validation,
  validateArguments,
} from "./validate.js";
