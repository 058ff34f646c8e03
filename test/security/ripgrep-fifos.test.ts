/**
 * FIFOs that ripgrep itself opens: an ignore file (`.ignore`, `.gitignore`) that is a FIFO, present or swapped in after
 * a search kept its listing, is opened by ripgrep's walk — in the listing and in the scan — and open(2) on a FIFO waits
 * for a writer. Before, such a search waited to its timeout (here 20 s). Every search must answer promptly, with the
 * other files' lines; a FIFO outside the roots is never opened by dwim, and the run that waits on it is stopped.
 */
import { execFileSync, spawn } from "node:child_process";
import { closeSync, constants, mkdirSync, openSync, renameSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setSpawnHelperMode, spawnHelperReady } from "../../src/core/spawn-helper.js";
import { toolset as search } from "../../src/search/index.js";
import { type Connected, connectInMemory } from "../helpers/mcp.js";
import { sandbox } from "./helpers.js";

/** Far below the search timeout set here: a search that waited on a FIFO would take 20 s. */
const PROMPT_MS = 6000;

let conn: Connected;
let root: string;
let outside: string;
beforeAll(async () => {
  ({ root, outside } = sandbox("dwim-fifo-"));
  conn = await connectInMemory({ toolsets: [search], cwd: root, env: { DWIM_SEARCH_TIMEOUT_MS: "20000" } });
});
afterAll(async () => {
  await conn.close();
});

/** `dir` with three files holding "needle" and a subdirectory `sub` with one more. */
function tree(dir: string): void {
  mkdirSync(join(root, dir, "sub"), { recursive: true });
  for (let i = 0; i < 3; i++) writeFileSync(join(root, dir, `keep${i}.txt`), `needle kept ${i}\n`);
  writeFileSync(join(root, dir, "sub", "deep.txt"), "needle deep\n");
}

async function call(name: string, args: Record<string, unknown>) {
  const started = Date.now();
  const r = await conn.client.callTool({ name, arguments: args });
  const took = Date.now() - started;
  return { r, took, s: r.structuredContent as { matches?: Array<{ file: string }>; warnings?: string[] } };
}

const files = (s: { matches?: Array<{ file: string }> }) => (s.matches ?? []).map((m) => m.file).sort();

describe("a FIFO that ripgrep opens never holds a search", () => {
  it("an ignore file that is a FIFO: content (default pattern, own regex, multiline) and files searches answer", async () => {
    tree("a");
    execFileSync("mkfifo", [join(root, "a", "sub", ".ignore")]);
    const expected = ["a/keep0.txt", "a/keep1.txt", "a/keep2.txt", "a/sub/deep.txt"];
    for (const args of [
      { fuzzy_filter: "needle", path: "a" },
      { fuzzy_filter: "needle", path: "a", regex_pattern: "need" },
      { fuzzy_filter: "needle", path: "a", multiline: true },
    ]) {
      const { r, took, s } = await call("fuzzy_search_content", args);
      expect(r.isError, JSON.stringify(s)).toBeFalsy();
      expect(took, JSON.stringify(args)).toBeLessThan(PROMPT_MS);
      expect(files(s)).toEqual(expected);
    }
    const listed = await call("fuzzy_search_files", { fuzzy_filter: "txt", path: "a" });
    expect(listed.r.isError).toBeFalsy();
    expect(listed.took).toBeLessThan(PROMPT_MS);
    expect(files(listed.s)).toEqual(expected);
  }, 60_000);

  it("a FIFO swapped in for an ignore file after a search kept the listing", async () => {
    tree("b");
    writeFileSync(join(root, "b", ".ignore"), "nothing-ignored\n");
    const first = await call("fuzzy_search_content", { fuzzy_filter: "needle", path: "b" });
    expect(files(first.s)).toHaveLength(4);
    execFileSync("mkfifo", [join(root, "spare-fifo")]);
    renameSync(join(root, "spare-fifo"), join(root, "b", ".ignore"));
    const again = await call("fuzzy_search_content", { fuzzy_filter: "needle", path: "b" });
    expect(again.r.isError, JSON.stringify(again.s)).toBeFalsy();
    expect(again.took).toBeLessThan(PROMPT_MS);
    expect(files(again.s)).toEqual(["b/keep0.txt", "b/keep1.txt", "b/keep2.txt", "b/sub/deep.txt"]);
  }, 60_000);

  it("a FIFO outside the roots behind a symlinked ignore file: never opened by dwim, the waiting run is stopped", async () => {
    tree("c");
    const fifo = join(outside, "pipe");
    execFileSync("mkfifo", [fifo]);
    symlinkSync(fifo, join(root, "c", ".ignore"));
    // A reader of our own waits in open too: any writer (dwim's "writer for an instant" included) would let it read
    // end of file and exit.
    const reader = spawn("cat", [fifo], { stdio: "ignore" });
    let readerExited = false;
    reader.on("exit", () => {
      readerExited = true;
    });
    const { r, took, s } = await call("fuzzy_search_content", {
      fuzzy_filter: "needle",
      path: "c",
      regex_pattern: "need",
    });
    await new Promise((ok) => setTimeout(ok, 300));
    expect(readerExited).toBe(false);
    reader.kill();
    expect(took).toBeLessThan(PROMPT_MS);
    // Stopped before ripgrep printed a line, the run's stop is the error; with lines printed, a partial answer.
    const said = r.isError ? (s as { error?: string }).error : s.warnings?.join("\n");
    expect(said).toMatch(/FIFO \(named pipe\) outside the roots/u);
    if (r.isError) expect(s).toMatchObject({ error_type: "SEARCH_RG_FAILED" });
    else expect(s).toMatchObject({ incomplete: "rg_error" });
  }, 60_000);

  it("the same through the spawn helper (ripgrep a grandchild of this process)", async () => {
    tree("d");
    execFileSync("mkfifo", [join(root, "d", "sub", ".gitignore")]);
    setSpawnHelperMode("always");
    try {
      expect(await spawnHelperReady()).toBe(true);
      const { r, took, s } = await call("fuzzy_search_content", { fuzzy_filter: "needle", path: "d" });
      expect(r.isError, JSON.stringify(s)).toBeFalsy();
      expect(took).toBeLessThan(PROMPT_MS);
      expect(files(s)).toEqual(["d/keep0.txt", "d/keep1.txt", "d/keep2.txt", "d/sub/deep.txt"]);
    } finally {
      setSpawnHelperMode("auto");
    }
  }, 60_000);

  it("not protected: a FIFO a peer keeps open for writing without writing holds ripgrep's read to the timeout", async () => {
    tree("e");
    tree("f");
    const fifo = join(root, "e", "sub", ".ignore");
    execFileSync("mkfifo", [fifo]);
    // The peer: a writer that never writes (O_RDWR opens a FIFO on Linux without waiting for the other end).
    const peer = openSync(fifo, constants.O_RDWR | constants.O_NONBLOCK);
    const short = await connectInMemory({ toolsets: [search], cwd: root, env: { DWIM_SEARCH_TIMEOUT_MS: "2000" } });
    try {
      const started = Date.now();
      const held = short.client.callTool({
        name: "fuzzy_search_content",
        arguments: { fuzzy_filter: "needle", path: "e" },
      });
      // The other calls go on meanwhile.
      const other = await short.client.callTool({
        name: "fuzzy_search_content",
        arguments: { fuzzy_filter: "needle", path: "f" },
      });
      const otherTook = Date.now() - started;
      const r = await held;
      const took = Date.now() - started;
      expect(other.isError).toBeFalsy();
      expect(files(other.structuredContent as { matches?: Array<{ file: string }> })).toHaveLength(4);
      expect(otherTook).toBeLessThan(took);
      expect(took).toBeGreaterThanOrEqual(1900);
      const s = r.structuredContent as { incomplete?: string; error_type?: string };
      if (r.isError) expect(s.error_type).toBe("SEARCH_TIMEOUT");
      else expect(s.incomplete).toBe("timeout");
    } finally {
      closeSync(peer);
      await short.close();
    }
  }, 60_000);
});
