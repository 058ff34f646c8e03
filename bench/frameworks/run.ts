/**
 * Name recovery inside agent frameworks (docs/adapters.md): the development set of real LLM tool and parameter name
 * errors replayed through the AI SDK, an MCP SDK client and a LangChain agent, each without dwim and with its dwim
 * adapter. Per case: right (the labelled call ran), hint (not run; dwim offered the labelled name), wrong (another call
 * ran), none (nothing ran, nothing offered: the framework's error). `npm run bench -- frameworks`.
 */
import { loadavg } from "node:os";
import { publish, type Row } from "../lib/report.js";
import { type Case, keysAtLeaf, loadCases } from "./cases.js";
import { type Driver, type Mode, type Observation, viaAiSdk, viaLangChain, viaMcpClient } from "./drivers.js";

type Verdict = "right" | "hint" | "wrong" | "none";

function verdictOf(c: Case, seen: Observation): Verdict {
  if (seen.ran) {
    const landed = c.kind === "unknown_tool" ? [seen.ran.name] : keysAtLeaf(seen.ran.input, c.path);
    return c.label === "likely_fix" && landed.length === 1 && landed[0] === c.target ? "right" : "wrong";
  }
  return seen.offered.some((n) => c.acceptable.includes(n)) ? "hint" : "none";
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

const loadBefore = loadavg();
const { cases, skipped } = loadCases();
const rows: Row[] = [];
const data: Record<string, unknown> = {};
const wrongCases: string[] = [];
for (const [framework, drive] of FRAMEWORKS) {
  const tallies = new Map<string, Tally>();
  for (const c of cases) {
    for (const mode of MODES) {
      const verdict = verdictOf(c, await drive(c, mode));
      for (const key of [`${mode}:${c.label}`, `${mode}:all`]) {
        const t = tallies.get(key) ?? empty();
        t[verdict]++;
        tallies.set(key, t);
      }
      if (verdict === "wrong" && mode !== "none") wrongCases.push(`${framework} ${mode} ${c.id}`);
    }
  }
  for (const label of [...LABELS, "all"] as const) {
    const n = cases.filter((c) => label === "all" || c.label === label).length;
    const t = (mode: Mode) => tallies.get(`${mode}:${label}`) ?? empty();
    rows.push({
      metric: `${framework}: ${label === "all" ? "all" : `labelled ${label}`} (${n}) right / hint / wrong / none`,
      ours: cell(t("marked")),
      baseline: cell(t("none")),
      second: cell(t("unmarked")),
      target: label === "all" ? "wrong: 0" : "",
    });
  }
  data[framework] = Object.fromEntries(tallies);
}
const loadAfter = loadavg();

const byKind = (k: string) => cases.filter((c) => c.kind === k).length;
const nested = cases.filter((c) => c.kind === "unknown_param" && c.path.length > 1).length;
publish({
  name: "frameworks",
  title: "Name recovery inside agent frameworks: real LLM name errors through each adapter",
  inputs: [
    `Cases: ../shared/data/typos/llm_name_errors_dev.jsonl, ${cases.length} (${byKind("unknown_tool")} unknown tools, ${byKind("unknown_param")} unknown parameters, ${nested} of them nested; ${skipped} rows of other kinds skipped); labels: likely_fix ${cases.filter((c) => c.label === "likely_fix").length}, hints ${cases.filter((c) => c.label === "hints").length}, none ${cases.filter((c) => c.label === "none").length}`,
    "Per case: the tools valid at that call (input schemas that admit no other key, every parameter optional), and the model's call replayed once: AI SDK generateText with MockLanguageModelV3; an MCP SDK v2 Client over an in-memory pipe to a server that lists those tools and refuses any other call; a LangChain createAgent with FakeToolCallingModel",
    "right = the labelled call ran; hint = nothing ran and dwim's refusal offered the labelled name (likely_fix or hint; acceptable hints for hints rows); wrong = any other call ran; none = nothing ran, nothing offered (the framework's own error)",
    "dwim: every tool marked readOnlyHint by the developer (guesses allowed); without dwim: the framework alone; dwim, unmarked: no mark (the MCP default, a tool may write: never run on a guess)",
    `Load average before / after: ${loadBefore.map((l) => l.toFixed(1)).join(" ")} / ${loadAfter.map((l) => l.toFixed(1)).join(" ")} on 2 cores`,
  ],
  tables: [
    {
      caption: "right / hint / wrong / none per framework",
      rows,
      oursLabel: "with dwim",
      baselineLabel: "without dwim",
      secondLabel: "with dwim, tools unmarked",
    },
  ],
  notes: [
    `Wrong corrections with dwim: ${wrongCases.length}${wrongCases.length > 0 ? ` (${wrongCases.join(", ")})` : ""}`,
    "Nested keys (files[].patches[].content) are not renamed by dwim (the router normalises top-level keys only): those cases end as the framework's error",
    "Where a hint goes: through the MCP client (an isError result) and LangChain (a ToolMessage) dwim's error reaches the model, and is counted, only when it has a likely_fix (otherwise the server's or LangChain's own answer stands); through the AI SDK every refusal reaches the onRefusal callback, not the model (the repair hook answers a call or null, so the SDK's own error stands)",
  ],
  data,
});
