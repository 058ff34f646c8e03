/**
 * The evaluation data the benchmarks ask for is the data bench/DATA.md and the README's benchmark table describe, and
 * a benchmark missing it says where each file goes, where it comes from and what to run next.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { DATA_FILES, missingDataMessage } from "../../bench/lib/datasets.js";

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), "utf8");

describe("benchmark data", () => {
  it("bench/DATA.md names every file with its source commit, and the README's benchmark section names every file", () => {
    const doc = read("bench/DATA.md");
    const readme = read("README.md").split("## Benchmarks")[1].split("\n## ")[0];
    for (const f of Object.values(DATA_FILES)) {
      expect(doc).toContain(`\`${f.path}\``);
      const commit = /@ ([0-9a-f]{40})/u.exec(f.source)?.[1];
      expect(commit, f.path).toBeDefined();
      expect(doc).toContain(commit as string);
      expect(readme).toContain(f.path);
    }
  });

  it("the message for missing files names each path, its source, the DWIM_DATA_DIR command and what runs without", () => {
    const text = missingDataMessage(
      "npm run bench -- typos",
      "/nowhere/data",
      [DATA_FILES.codespell, DATA_FILES.metatoolTools],
      "npm run bench -- typos --generated-only",
    );
    expect(text).toContain("Missing under /nowhere/data:");
    expect(text).toMatch(/typos\/codespell_dev\.tsv +from codespell-project\/codespell @ b69d26d5/u);
    expect(text).toMatch(/router\/metatool_tools\.jsonl +from HowieHwong\/MetaTool @ 35e81bb7/u);
    expect(text).toContain("DWIM_DATA_DIR=/path/to/data npm run bench -- typos");
    expect(text).toContain("bench/DATA.md");
    expect(text).toContain("Without the data: npm run bench -- typos --generated-only");
    expect(text).not.toContain("llm_name_errors");
  });
});
