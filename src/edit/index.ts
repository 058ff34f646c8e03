/** dwim/edit: self-correcting edit_file and read_file (docs/edit.md), usable as a library without the server. */
import { defineToolset } from "../core/tool.js";
import { editSection } from "./config.js";
import { editFileTool, readFileTool } from "./tools.js";

export { type EditConfig, editSection } from "./config.js";
export { canonicalize, foldUnicode, type Level } from "./correct/canonical.js";
export { classifyDifferences, type Difference } from "./correct/differences.js";
export {
  type CorrectorProposal,
  type CorrectorRequest,
  correctorFromConfig,
  type EditCorrector,
  parseProposal,
} from "./correct/llm.js";
export { decodeHtmlEntities, stripCodeFence, stripLineNumbers, unescapeOnce } from "./correct/repairs.js";
export { merge3, transplant } from "./correct/transplant.js";
export { type EditArgs, type EditDeps, editFile } from "./edit.js";
export { type Candidate, type Plan, type PlanInput, planEdit, type Strategy, validateStrings } from "./plan.js";
export { numberedLine, type ReadArgs, type ReadOutput, readFile } from "./read.js";
export { type Span, SpanList, spliceSpans } from "./spans.js";
export { type DecodedFile, decodeFile } from "./text.js";
export { editFileTool, readFileTool };

export const toolset = defineToolset({
  name: "edit",
  description: "Read files as numbered lines and edit them with self-correcting old_str/new_str replacement",
  tools: [readFileTool, editFileTool],
  configSections: [editSection],
});
