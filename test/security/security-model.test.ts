/**
 * The README's security model is checkable: its introduction names whom dwim defends its user against, every row of
 * its table names in a `tested by` column the test files that show it, and every "Not protected" item ends with
 * "(tested: …)". Each named file exists under test/, holds tests (`it(` or `test(`), and — so that a row cannot cite
 * a test about something else — mentions what the row promises by name in backticks: every identifier with an
 * underscore (error types, settings, output fields: `storage_error`, `EDIT_PERMISSION_DENIED`, `[limits] timeout_ms`)
 * and every long flag (`--allow-remote`). test/cli/doc-links.test.ts checks the links of every document; this checks
 * what the security model cites.
 */
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(__dirname, "../..");

/** Who the introduction must name: the four sources of attack the model is about. */
const ADVERSARIES = [
  "the agent's own arguments",
  "the project's own content",
  "a hostile local peer",
  "the environment",
];

interface Claim {
  /** How a problem names it: the row's first cell, or the item's bold start. */
  name: string;
  /** The text whose promises the cited tests must mention (the citations themselves left out). */
  text: string;
  cited: string[];
}

/** The README's "## Security model" section, up to the next section. */
function securitySection(readme: string): string {
  const start = readme.indexOf("\n## Security model\n");
  if (start < 0) return "";
  const end = readme.indexOf("\n## ", start + 1);
  return readme.slice(start + 1, end < 0 ? undefined : end);
}

const LINK = /\[[^\]]*\]\(([^)\s#]+)(?:#[^)]*)?\)/gu;

function testLinks(text: string): string[] {
  return [...text.matchAll(LINK)].map((m) => decodeURI(m[1])).filter((p) => p.startsWith("test/"));
}

/** The table's rows and the "Not protected" items, each with the files it cites; problems with their shape. */
function claimsOf(section: string): { claims: Claim[]; problems: string[] } {
  const claims: Claim[] = [];
  const problems: string[] = [];
  const lines = section.split("\n");
  const header = lines.find((l) => l.startsWith("| protected"));
  if (header?.replace(/\s+/gu, " ") !== "| protected | how | tested by |") {
    problems.push(`the table's header is not "| protected | how | tested by |": ${header ?? "no table"}`);
  }
  for (const line of lines) {
    if (!line.startsWith("| ") || line === header) continue;
    const cells = line
      .slice(1, -1)
      .split(/(?<!\\)\|/u)
      .map((c) => c.trim());
    if (cells.length !== 3) {
      problems.push(`a row without three cells: ${line.slice(0, 80)}`);
      continue;
    }
    claims.push({ name: cells[0], text: `${cells[0]} ${cells[1]}`, cited: testLinks(cells[2]) });
  }
  const listAt = section.indexOf("\nNot protected");
  if (listAt < 0) problems.push('no "Not protected" list');
  const list = listAt < 0 ? "" : section.slice(listAt);
  for (const item of list.split(/\n(?=- )/u).slice(1)) {
    const flat = item.replace(/\s+/gu, " ").trim();
    const name = /^- \*\*([^*]+)\*\*/u.exec(flat)?.[1] ?? flat.slice(0, 60);
    const tested = /\(tested: ((?:\[[^\]]*\]\([^)]*\)(?:, )?)+)\)$/u.exec(flat);
    if (!tested) {
      problems.push(`"${name}" does not end with "(tested: [file](path), …)"`);
      claims.push({ name, text: flat, cited: [] });
      continue;
    }
    claims.push({ name, text: flat.slice(0, tested.index), cited: testLinks(tested[1]) });
  }
  return { claims, problems };
}

/**
 * What a claim promises by name, written in backticks: identifiers with an underscore (error types, settings, output
 * fields) and long flags (`--allow-remote`).
 */
function keyTerms(text: string): string[] {
  const terms = new Set<string>();
  for (const code of text.replace(/\s+/gu, " ").matchAll(/`([^`]+)`/gu)) {
    for (const id of code[1].matchAll(/[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+|--[a-z][a-z0-9-]*/gu)) terms.add(id[0]);
  }
  return [...terms];
}

/** Why each claim is not checkably tested; `read` gives a repository file's text, or undefined when it is missing. */
function untested(claims: Claim[], read: (path: string) => string | undefined): string[] {
  const problems: string[] = [];
  for (const claim of claims) {
    if (claim.cited.length === 0) problems.push(`"${claim.name}" cites no test file`);
    const texts: string[] = [];
    for (const path of claim.cited) {
      const text = read(path);
      if (text === undefined) problems.push(`"${claim.name}" cites ${path}, which does not exist`);
      else if (!/\b(?:it|test)(?:\.each)?\(/u.test(text))
        problems.push(`"${claim.name}" cites ${path}, which holds no test`);
      else texts.push(text);
    }
    if (texts.length === 0) continue;
    for (const term of keyTerms(claim.text)) {
      if (!texts.some((t) => t.includes(term))) problems.push(`"${claim.name}": no test it cites mentions ${term}`);
    }
  }
  return problems;
}

function readRepositoryFile(path: string): string | undefined {
  const full = join(ROOT, path);
  return existsSync(full) ? readFileSync(full, "utf8") : undefined;
}

describe("the README's security model", () => {
  const section = securitySection(readFileSync(join(ROOT, "README.md"), "utf8"));

  it("says whom it defends the user against", () => {
    const intro = section.slice(0, section.indexOf("\n|")).replace(/\s+/gu, " ");
    for (const who of ADVERSARIES) expect(intro, who).toContain(who);
  });

  it("cites for every row and every item not protected tests that exist and mention what it promises", () => {
    const { claims, problems } = claimsOf(section);
    expect(problems).toEqual([]);
    expect(claims.length).toBeGreaterThanOrEqual(20);
    expect(untested(claims, readRepositoryFile)).toEqual([]);
  });

  it("would catch a row or an item citing nothing, a missing file, a file without tests, a promise not mentioned", () => {
    const sample = [
      "## Security model",
      "",
      "intro",
      "",
      "| protected | how | tested by |",
      "|---|---|---|",
      "| Cited well | `bad_row_error` | [test/a.test.ts](test/a.test.ts) |",
      "| Nothing cited | a promise | |",
      "| Missing | a promise | [test/gone.test.ts](test/gone.test.ts) |",
      "| No tests | a promise | [test/helper.ts](test/helper.ts) |",
      "| Other subject | `storage_error`, `[limits] timeout_ms` and `--no-such-flag` | [test/a.test.ts](test/a.test.ts) |",
      "",
      "Not protected, by design:",
      "",
      "- **Tested.** A limit (`x_limit`). (tested:",
      "  [test/a.test.ts](test/a.test.ts))",
      "- **Untested.** A limit.",
    ].join("\n");
    const files: Record<string, string> = {
      "test/a.test.ts": 'it("bad_row_error is refused past x_limit", () => {});',
      "test/helper.ts": "export const helper = 1;",
    };
    const { claims, problems } = claimsOf(securitySection(`# dwim\n${sample}\n## Next\n`));
    expect(problems).toEqual(['"Untested." does not end with "(tested: [file](path), …)"']);
    expect(claims.map((c) => [c.name, c.cited])).toEqual([
      ["Cited well", ["test/a.test.ts"]],
      ["Nothing cited", []],
      ["Missing", ["test/gone.test.ts"]],
      ["No tests", ["test/helper.ts"]],
      ["Other subject", ["test/a.test.ts"]],
      ["Tested.", ["test/a.test.ts"]],
      ["Untested.", []],
    ]);
    expect(untested(claims, (p) => files[p])).toEqual([
      '"Nothing cited" cites no test file',
      '"Missing" cites test/gone.test.ts, which does not exist',
      '"No tests" cites test/helper.ts, which holds no test',
      '"Other subject": no test it cites mentions storage_error',
      '"Other subject": no test it cites mentions timeout_ms',
      '"Other subject": no test it cites mentions --no-such-flag',
      '"Untested." cites no test file',
    ]);
  });
});
