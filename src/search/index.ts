/** dwim/search: fuzzy code search with did-you-mean, as a library and as MCP tools. */
import { defineToolset } from "../core/tool.js";
import { searchSection } from "./config.js";
import { fuzzySearchContent, fuzzySearchFiles } from "./tools.js";

export {
  type Candidate,
  CORRECTION_TYPES,
  type CorrectionType,
  contentCandidates,
  filesCandidates,
} from "./candidates.js";
export { type SearchSettings, searchSection, searchSettings } from "./config.js";
export { type ContentParams, type ContentResult, type SearchEnv, searchContent } from "./content.js";
export { alternationToOr, globToFuzzy, regexToFuzzy, wordBoundaryToExact } from "./convert.js";
export { globCertainty, needsPcre2, regexCertainty, regexEvidence, wordsInPatternCertainty } from "./detect.js";
export { type FilesParams, type FilesResult, searchFiles } from "./files.js";
export { ALLOWED_FLAGS, parseRgFlags, splitShellWords } from "./flags.js";
export { DEFAULT_SCHEME, PATH_SCHEME } from "./fzf/charclass.js";
export { Field, QueryMatcher, scoreText } from "./fzf/matcher.js";
export { parseQuery, type Term, type TermSet } from "./fzf/pattern.js";
export { locateRipgrep, type RipgrepInfo } from "./ripgrep.js";
export { fuzzySearchContent, fuzzySearchFiles } from "./tools.js";

/** Error types of the search tools (closed enum). */
export const SEARCH_ERROR_TYPES = [
  "SEARCH_INVALID_ARGUMENT",
  "SEARCH_INVALID_PATH",
  "SEARCH_PATH_DENIED",
  "SEARCH_FLAG_NOT_ALLOWED",
  "SEARCH_INVALID_REGEX",
  "SEARCH_RG_UNAVAILABLE",
  "SEARCH_RG_FAILED",
  "SEARCH_TIMEOUT",
] as const;

export const toolset = defineToolset({
  name: "search",
  description: "Fuzzy code and file search (ripgrep + fzf semantics) that recognises regex/fuzzy mix-ups",
  tools: [fuzzySearchContent, fuzzySearchFiles],
  configSections: [searchSection],
});
