/**
 * Name recovery inside agent frameworks (docs/adapters.md): the development set of real LLM tool and parameter name
 * errors, and held-out cases written for this benchmark, replayed through the AI SDK, an MCP SDK client and a
 * LangChain agent, each without dwim and with its dwim adapter. Per case: right (the labelled call ran), hint (not
 * run; dwim offered the labelled name), wrong (another call ran), none (nothing ran, nothing offered: the framework's
 * error). `npm run bench -- frameworks`.
 */
import { loadavg } from "node:os";
import { isDeepStrictEqual } from "node:util";
import { publish, type Row } from "../lib/report.js";
import { type Case, loadCases, renamedKeys } from "./cases.js";
import { type Driver, type Mode, type Observation, viaAiSdk, viaLangChain, viaMcpClient } from "./drivers.js";
import { heldOutCases } from "./heldout.js";

type Verdict = "right" | "hint" | "wrong" | "none";

function verdictOf(c: Case, seen: Observation): Verdict {
  if (seen.ran) {
    if (c.kind === "value_slip") {
      const meant = c.label === "likely_fix" && seen.ran.name === c.target;
      return meant && isDeepStrictEqual(seen.ran.input, c.expectedArgs) ? "right" : "wrong";
    }
    const landed = c.kind === "unknown_tool" ? [seen.ran.name] : renamedKeys(c, seen.ran.input);
    return c.label === "likely_fix" && landed.length === 1 && landed[0] === c.target ? "right" : "wrong";
  }
  return seen.offered.some((n) => c.acceptable.includes(n)) ? "hint" : "none";
}

/** A call that ran corrected (not as sent) into a tool the developer did not mark read-only. */
function ranWriteOnGuess(c: Case, seen: Observation, mode: Mode): boolean {
  if (!seen.ran || mode === "none" || c.kind === "value_slip") return false;
  const marks = mode === "unmarked" ? {} : c.annotations;
  return marks !== undefined && marks[seen.ran.name]?.readOnlyHint !== true;
}

type Tally = Record<Verdict, number>;
const empty = (): Tally => ({ right: 0, hint: 0, wrong: 0, none: 0 });
const cell = (t: Tally) => `${t.right} / ${t.hint} / ${t.wrong} / ${t.none}`;

const FRAMEWORKS: Array<[string, Driver]> = [
  ["AI SDK (ai 6)", viaAiSdk],
  ["MCP client (SDK v2)", viaMcpClient],
  ["LangChain (langchain 1)", viaLangChain],
];
const MODES: Mode[] = ["marked", "none", "unmarked"];
const LABELS = ["likely_fix", "hints", "none"] as const;

interface Measured {
  rows: Row[];
  wrong: string[];
  writesOnGuess: string[];
  data: Record<string, unknown>;
}

async function measure(set: string, cases: readonly Case[]): Promise<Measured> {
  const out: Measured = { rows: [], wrong: [], writesOnGuess: [], data: {} };
  for (const [framework, drive] of FRAMEWORKS) {
    const tallies = new Map<string, Tally>();
    for (const c of cases) {
      for (const mode of MODES) {
        const seen = await drive(c, mode);
        const verdict = verdictOf(c, seen);
        for (const key of [`${mode}:${c.label}`, `${mode}:all`]) {
          const t = tallies.get(key) ?? empty();
          t[verdict]++;
          tallies.set(key, t);
        }
        if (verdict === "wrong" && mode !== "none") out.wrong.push(`${framework} ${mode} ${c.id}`);
        if (ranWriteOnGuess(c, seen, mode)) out.writesOnGuess.push(`${framework} ${mode} ${c.id}`);
      }
    }
    for (const label of [...LABELS, "all"] as const) {
      const n = cases.filter((c) => label === "all" || c.label === label).length;
      if (n === 0) continue;
      const t = (mode: Mode) => tallies.get(`${mode}:${label}`) ?? empty();
      out.rows.push({
        metric: `${set}, ${framework}: ${label === "all" ? "all" : `labelled ${label}`} (${n})`,
        ours: cell(t("marked")),
        baseline: cell(t("none")),
        second: cell(t("unmarked")),
        target: label === "all" ? "wrong: 0" : "",
      });
    }
    out.data[framework] = Object.fromEntries(tallies);
  }
  return out;
}

const loadBefore = loadavg();
const { cases, skipped } = loadCases();
const held = heldOutCases();
const dev = await measure("dev", cases);
const heldOut = await measure("held-out", held);
const loadAfter = loadavg();

const count = (list: readonly Case[], f: (c: Case) => boolean) => list.filter(f).length;
const labels = (list: readonly Case[]) => LABELS.map((l) => `${l} ${count(list, (c) => c.label === l)}`).join(", ");
const TABLE = { oursLabel: "with dwim", baselineLabel: "without dwim", secondLabel: "with dwim, tools unmarked" };
publish({
  name: "frameworks",
  title: "Name recovery inside agent frameworks: real LLM name errors through each adapter",
  inputs: [
    `Development cases: typos/llm_name_errors_dev.jsonl under DWIM_DATA_DIR, ${cases.length} (${count(cases, (c) => c.kind === "unknown_tool")} unknown tools, ${count(cases, (c) => c.kind === "unknown_param")} unknown parameters, ${count(cases, (c) => c.path.length > 1)} of them nested; ${skipped} rows of other kinds skipped); labels: ${labels(cases)}. Per case the tools valid at that call, with input schemas that admit no other key (every parameter optional, as the source checked them); every tool marked read-only`,
    `Held-out cases (not from the evaluation data): bench/frameworks/heldout.ts, ${held.length} written for this benchmark before any run: 18 tools of the filesystem, memory and GitHub/GitLab MCP servers and a weather tool, with their real read-only marks; ${count(held, (c) => c.kind === "unknown_tool")} tool names, ${count(held, (c) => c.kind === "unknown_param")} keys, ${count(held, (c) => c.kind === "value_slip")} values sent as strings or JSON text; labels: ${labels(held)}`,
    "Each call replayed once: AI SDK generateText with MockLanguageModelV3; an MCP SDK v2 Client over an in-memory pipe to a server that lists the tools and refuses any call their schemas do not admit; a LangChain createAgent with FakeToolCallingModel",
    "Cells: right / hint / wrong / none. right = the labelled call ran; hint = nothing ran and dwim offered the labelled name (likely_fix or hint; an acceptable hint for hints rows); wrong = any other call ran; none = nothing ran, nothing offered (the framework's own error)",
    "with dwim: the adapter with the developer's read-only marks; without dwim: the framework alone; with dwim, tools unmarked: no mark (the MCP default: a tool may write, so no guess reaches it)",
    `Load average before / after: ${loadBefore.map((l) => l.toFixed(1)).join(" ")} / ${loadAfter.map((l) => l.toFixed(1)).join(" ")} on 2 cores (the figures are counts, not timings)`,
  ],
  tables: [
    { caption: "Development set: right / hint / wrong / none per framework", rows: dev.rows, ...TABLE },
    { caption: "Held-out cases: right / hint / wrong / none per framework", rows: heldOut.rows, ...TABLE },
  ],
  notes: [
    `Wrong corrections with dwim: ${dev.wrong.length} on the development set, ${heldOut.wrong.length} on the held-out cases${[...dev.wrong, ...heldOut.wrong].length > 0 ? ` (${[...dev.wrong, ...heldOut.wrong].join(", ")})` : ""}`,
    `Calls run on a guess into a tool not marked read-only: ${dev.writesOnGuess.length + heldOut.writesOnGuess.length}${heldOut.writesOnGuess.length > 0 ? ` (${heldOut.writesOnGuess.join(", ")})` : ""}`,
    "Nested keys (files[].patches[].content) are not renamed by dwim (the router normalises top-level keys only): those cases end as the framework's error",
    "Where a hint goes: through the MCP client (an isError result) and LangChain (a ToolMessage) dwim's error reaches the model, and is counted, only when it has a likely_fix (otherwise the server's or LangChain's own answer stands); through the AI SDK every refusal reaches the onRefusal callback, not the model (the repair hook answers a call or null, so the SDK's own error stands)",
  ],
  data: { dev: dev.data, heldOut: heldOut.data },
});
