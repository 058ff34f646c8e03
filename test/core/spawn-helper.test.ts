/**
 * ripgrep spawned through the helper process (core/spawn-helper.ts) behaves as when spawned directly: the same
 * records, exit codes, stderr, stdin, pipelines, kills and timeouts; and a helper that dies fails only the runs it
 * held, after which searches go on.
 */

import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  crashSpawnHelper,
  setSpawnHelperMode,
  spawnHelperReady,
  spawnHelperRuns,
} from "../../src/core/spawn-helper.js";
import { searchContent } from "../../src/search/content.js";
import { checkPattern, filterStageArgs, locateRipgrep, runRipgrep } from "../../src/search/ripgrep.js";
import { envFor } from "../search/fixture.js";
import { sandbox } from "../security/helpers.js";

const rg = locateRipgrep().path;
/** A scan that never ends by itself. */
const ENDLESS = ["-a", "-c", "zzzzqqqqxxxxyyyyjjjj", "/dev/urandom"];

async function records(args: string[], cwd: string, extra: Partial<Parameters<typeof runRipgrep>[0]> = {}) {
  const out: string[] = [];
  const run = await runRipgrep({
    rg,
    args: ["--no-config", ...args],
    cwd,
    timeoutMs: 10_000,
    separator: "\n",
    onRecord: (r) => {
      out.push(r);
      return true;
    },
    ...extra,
  });
  return { out, run };
}

/** Process ids whose command line holds `marker` (from /proc). */
function processesWith(marker: string): string[] {
  return readdirSync("/proc").filter((pid) => {
    if (!/^\d+$/u.test(pid)) return false;
    try {
      return readFileSync(`/proc/${pid}/cmdline`, "utf8").includes(marker);
    } catch {
      return false;
    }
  });
}

function tree(): string {
  const { root } = sandbox("dwim-spawn-");
  for (let i = 0; i < 40; i++) writeFileSync(join(root, `f${i}.txt`), `alpha ${i}\nbeta ${i}\nalpha beta ${i}\n`);
  return root;
}

describe("spawning through the helper", () => {
  beforeAll(async () => {
    setSpawnHelperMode("always");
    expect(await spawnHelperReady()).toBe(true);
  });
  afterAll(() => setSpawnHelperMode("auto"));

  it("gives the records, exit codes and stderr a direct spawn gives", async () => {
    const root = tree();
    const cases: string[][] = [
      ["-n", "--sort=path", "alpha", "."],
      ["-n", "zzzz-not-there", "."],
      ["-n", "(unclosed", "."],
      ["--files", "--sort=path", "."],
    ];
    const viaHelper = [];
    const before = spawnHelperRuns();
    for (const c of cases) viaHelper.push(await records(c, root));
    expect(spawnHelperRuns() - before).toBe(cases.length);
    setSpawnHelperMode("never");
    const direct = [];
    for (const c of cases) direct.push(await records(c, root));
    setSpawnHelperMode("always");
    expect(await spawnHelperReady()).toBe(true);
    expect(viaHelper.map((r) => r.out)).toEqual(direct.map((r) => r.out));
    expect(viaHelper.map((r) => r.run.exitCode)).toEqual([0, 1, 2, 0]);
    expect(viaHelper.map((r) => r.run.exitCode)).toEqual(direct.map((r) => r.run.exitCode));
    expect(viaHelper[2].run.stderr).toMatch(/regex parse error/u);
    expect(viaHelper[0].out).toHaveLength(80);
  });

  it("pipes through further stages and feeds stdin", async () => {
    const root = tree();
    const { out, run } = await records(["--no-heading", "-n", "--sort=path", "alpha", "."], root, {
      pipeThrough: [filterStageArgs("beta")],
    });
    expect(run.exitCode).toBe(0);
    expect(out).toHaveLength(40);
    expect(out.every((l) => l.includes("alpha beta"))).toBe(true);
    expect(await checkPattern(rg, "(ok)", [], root)).toEqual({ valid: true, message: "" });
    expect((await checkPattern(rg, "(bad", [], root)).valid).toBe(false);
  });

  it("survives a stage that exits without reading its stdin (EPIPE), through the helper and directly", async () => {
    const root = tree();
    // More than a pipe holds: the write is still going when ripgrep refuses the pattern and exits.
    const input = "alpha\n".repeat(200_000);
    const refused = () => records(["(unclosed"], root, { stdin: input });
    const before = spawnHelperRuns();
    for (let i = 0; i < 3; i++) expect((await refused()).run.exitCode).toBe(2);
    // The helper lived through it: a later run still goes through it (a dead one is not restarted for 10 s).
    expect((await records(["-n", "alpha", "."], root)).run.exitCode).toBe(0);
    expect(spawnHelperRuns() - before).toBe(4);
    setSpawnHelperMode("never");
    try {
      for (let i = 0; i < 3; i++) expect((await refused()).run.exitCode).toBe(2);
    } finally {
      setSpawnHelperMode("always");
    }
    expect(await spawnHelperReady()).toBe(true);
  });

  it("stops ripgrep when the caller stops, aborts or runs out of time", async () => {
    const root = tree();
    let seen = 0;
    const early = await runRipgrep({
      rg,
      args: ["--no-config", "-n", "alpha", "."],
      cwd: root,
      timeoutMs: 10_000,
      separator: "\n",
      onRecord: () => ++seen < 3,
    });
    expect(early.stoppedEarly).toBe(true);
    // Endless input: only a kill ends these runs.
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const t0 = Date.now();
    const aborted = await records(ENDLESS, root, { signal: controller.signal });
    expect(aborted.run.aborted).toBe(true);
    const timed = await records(ENDLESS, root, { timeoutMs: 150 });
    expect(timed.run.timedOut).toBe(true);
    expect(Date.now() - t0).toBeLessThan(5000);
  });

  it("a search gives the same answer through the helper as without it", async () => {
    const root = tree();
    // The first search of a tree plans its scan without a sample of its lines, later ones with it (lines_scanned
    // may differ): both compared calls come after that first one.
    await searchContent({ fuzzy_filter: "alpha 1", limit: 50 }, envFor(root));
    const viaHelper = await searchContent({ fuzzy_filter: "alpha 1", limit: 50 }, envFor(root));
    setSpawnHelperMode("never");
    const direct = await searchContent({ fuzzy_filter: "alpha 1", limit: 50 }, envFor(root));
    setSpawnHelperMode("always");
    expect(await spawnHelperReady()).toBe(true);
    expect(viaHelper).toEqual(direct);
    expect(viaHelper.total_matches).toBeGreaterThan(10);
  });

  it("a helper that dies before reporting a run's processes leaves none of them running", async () => {
    const root = tree();
    expect(await spawnHelperReady()).toBe(true);
    const marker = "zzzzqqqqunreportedxxxx";
    // runRipgrep sends the run before it returns; this thread then spins without reading the helper's messages, so
    // the crash below comes after the stage was spawned and before its pid was read here.
    const held = records(["-a", "-c", marker, "/dev/urandom"], root, { timeoutMs: 10_000 });
    const until = Date.now() + 5_000;
    while (processesWith(marker).length === 0 && Date.now() < until) {
      // spin
    }
    expect(processesWith(marker)).not.toEqual([]);
    crashSpawnHelper();
    await expect(held).rejects.toMatchObject({ payload: { error_type: "SEARCH_RG_UNAVAILABLE" } });
    await new Promise((r) => setTimeout(r, 100));
    expect(processesWith(marker)).toEqual([]);
  });

  it("a helper that dies fails the runs it held with a structured error, and later runs go on", async () => {
    const root = tree();
    expect(await spawnHelperReady()).toBe(true);
    const held = records(ENDLESS, root, { timeoutMs: 10_000 });
    await new Promise((r) => setTimeout(r, 100));
    crashSpawnHelper();
    await expect(held).rejects.toMatchObject({ payload: { error_type: "SEARCH_RG_UNAVAILABLE" } });
    // Its ripgrep did not outlive it.
    await new Promise((r) => setTimeout(r, 100));
    expect(processesWith(ENDLESS[2])).toEqual([]);
    const after = await records(["-n", "alpha", "."], root);
    expect(after.out).toHaveLength(80);
    expect(await spawnHelperReady()).toBe(true);
    const before = spawnHelperRuns();
    const again = await records(["-n", "alpha", "."], root);
    expect(again.out).toHaveLength(80);
    expect(spawnHelperRuns()).toBe(before + 1);
  });
});
