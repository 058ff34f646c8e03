/**
 * The evaluation data some benchmarks read and the repository does not hold (bench/DATA.md): each file's place under
 * the data folder, the public data set it was made from (repository and pinned commit), its licence and how the file
 * was cut from it. A benchmark asks for its files with `requireData`, which stops with the exact next step when one
 * is missing.
 */
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { REPO_DIR } from "./report.js";

export interface DataFile {
  /** Relative to the data folder. */
  path: string;
  /** Repository @ commit, then the path in it. */
  source: string;
  licence: string;
  /** Which part of the source the file holds. */
  part: string;
}

export const DATA_FILES = {
  codespell: {
    path: "typos/codespell_dev.tsv",
    source: "codespell-project/codespell @ b69d26d50765ba513dbd009fce882d4de338037c, codespell_lib/data/dictionary.txt",
    licence: "CC BY-SA 3.0",
    part: "70 % of the correction words (keyed hash), all their misspellings; `typo<TAB>fix[,fix…]`",
  },
  llmNameErrors: {
    path: "typos/llm_name_errors_dev.jsonl",
    source:
      "ShishirPatil/gorilla @ 6ea57973c7a6097fd7c5915698c54c17c5b1b6c8 (BFCL v4 functions; model results from later " +
      "commits) and icip-cas/LiveMCPBench @ a928e57d1ee7a25579b9a7036030faffff72d15b",
    licence: "Apache-2.0",
    part: "half of the wrongly named tools, parameters and servers (keyed hash), labelled likely_fix / hints / none",
  },
  metatoolTools: {
    path: "router/metatool_tools.jsonl",
    source: "HowieHwong/MetaTool @ 35e81bb7576826e980c80fed8f8c0a2b4a1e6fbb, dataset/plugin_des.json",
    licence: "MIT",
    part: "the whole catalog (199 tools), `{name, description}`",
  },
  metatoolQueries: {
    path: "router/metatool_queries_dev.jsonl",
    source: "HowieHwong/MetaTool @ 35e81bb7576826e980c80fed8f8c0a2b4a1e6fbb, dataset/data/all_clean_data.csv",
    licence: "MIT",
    part: "2,000 single-tool queries, at least 10 per tool (keyed hash), `{query, expected}`",
  },
  nist: {
    path: "units/nist_sp811_dev.jsonl",
    source: "GhostWrench/unitdb @ edfcd11c65817dc0ac3cc5fd4abd50246c6d06b1, nist811/*.csv",
    licence: "MIT; the factors are NIST's, a US Government work",
    part: "about half of the 267 factors (keyed hash), `{table, from, to, factor, …}`",
  },
  nistSymbols: {
    path: "units/nist_sp811_symbols.tsv",
    source: "GhostWrench/unitdb @ edfcd11c65817dc0ac3cc5fd4abd50246c6d06b1, db.json",
    licence: "MIT",
    part: "every prefix and unit symbol with its name, `kind symbol name category aliases`",
  },
  unitsafe: {
    path: "units/unitsafe_dev.jsonl",
    source:
      "the-radiativity-company/ucon-tools @ 91461fe3bdcb9958fcf120c1e111c262625bf6df, benchmarks/unitsafe/data/test.jsonl",
    licence: "Apache-2.0",
    part: "about half of the 500 problems (keyed hash), each line the source object",
  },
  locomo: {
    path: "memory/locomo10_conv0-6.json",
    source: "snap-research/LoCoMo @ 3eb6f2c585f5e1699204e3c3bdf7adc5c28cb376, data/locomo10.json",
    licence: "CC BY-NC 4.0, evaluation only",
    part: "the first seven conversations (array indices 0–6), each as in the source",
  },
} as const satisfies Record<string, DataFile>;

/** The data folder: DWIM_DATA_DIR, else ../shared/data beside the checkout. */
function dataRoot(env: NodeJS.ProcessEnv = process.env): string {
  return env.DWIM_DATA_DIR ? resolve(env.DWIM_DATA_DIR) : resolve(REPO_DIR, "..", "shared", "data");
}

/**
 * What to print when files are missing: which, where they go, where they come from, and the next step (`command`:
 * how the benchmark was started; `without`: what it can still run with no data).
 */
export function missingDataMessage(
  command: string,
  root: string,
  missing: readonly DataFile[],
  without?: string,
): string {
  const width = Math.max(...missing.map((f) => f.path.length));
  return [
    `${command} needs evaluation data that is not in the repository. Missing under ${root}:`,
    ...missing.map((f) => `  ${f.path.padEnd(width)}  from ${f.source} (${f.licence}): ${f.part}`),
    "",
    `Next step: put the files at those paths, or point DWIM_DATA_DIR at the folder that holds them:`,
    `  DWIM_DATA_DIR=/path/to/data ${command}`,
    "bench/DATA.md describes each file's format; the figures in bench/RESULTS.md were measured on these exact files.",
    ...(without ? [`Without the data: ${without}`] : []),
    "",
  ].join("\n");
}

/** The data folder, once every file is there; otherwise prints missingDataMessage and exits with code 2. */
export function requireData(command: string, files: readonly DataFile[], without?: string): string {
  const root = dataRoot();
  const missing = files.filter((f) => !existsSync(join(root, f.path)));
  if (missing.length > 0) {
    process.stderr.write(missingDataMessage(command, root, missing, without));
    process.exit(2);
  }
  return root;
}
