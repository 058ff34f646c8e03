/** Shared pieces of the attack tests: a sandbox with an outside neighbour, and the racing swapper. */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { expect } from "vitest";

export const MAIN = resolve(__dirname, "../../dist/cli/main.js");

/** `base/root` (the allowed root) and `base/outside` (never to be read or written). */
export function sandbox(prefix = "dwim-sec-"): { base: string; root: string; outside: string } {
  const base = realpathSync(mkdtempSync(join(tmpdir(), prefix)));
  const root = join(base, "root");
  const outside = join(base, "outside");
  mkdirSync(root);
  mkdirSync(outside);
  return { base, root, outside };
}

/** Every file below `dir` with its bytes, for a before/after comparison. */
export function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string, rel: string) => {
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name);
      const r = rel ? `${rel}/${name}` : name;
      const s = statSync(p);
      if (s.isDirectory()) {
        out[`${r}/`] = "";
        walk(p, r);
      } else out[r] = readFileSync(p).toString("base64");
    }
  };
  walk(dir, "");
  return out;
}

export interface Swapper {
  /** Resolves with the number of swaps once the swapper has finished (the tree is left as it was found). */
  done: Promise<number>;
}

/**
 * Starts test/security/swap.py: `a` and `b` exchanged with renameat2(RENAME_EXCHANGE) in a tight loop for `seconds`.
 * Resolves once the first swap happened; fails loudly when python3 or renameat2 is unavailable.
 */
export async function startSwapper(a: string, b: string, seconds: number): Promise<Swapper> {
  const child: ChildProcess = spawn("python3", [join(__dirname, "swap.py"), a, b, String(seconds)], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stdout?.on("data", (d) => {
    out += String(d);
  });
  child.stderr?.on("data", (d) => {
    err += String(d);
  });
  const done = new Promise<number>((ok, fail) => {
    child.on("error", (e) => fail(new Error(`the swapper could not start (python3 is required): ${e.message}`)));
    child.on("exit", (code) => {
      const swaps = Number(out.trim().split("\n").pop());
      if (code === 0 && swaps > 0) ok(swaps);
      else fail(new Error(`the swapper failed (exit ${code}): ${err.trim()}`));
    });
  });
  await Promise.race([
    new Promise<void>((ok) => {
      const poll = setInterval(() => {
        if (out.startsWith("ready")) {
          clearInterval(poll);
          ok();
        }
      }, 5);
      child.on("exit", () => clearInterval(poll));
    }),
    done,
  ]);
  return { done };
}

/** Loops `step` until `until` resolves. */
export async function repeatUntil(until: Promise<unknown>, step: () => Promise<void>): Promise<number> {
  let finished = false;
  until.then(
    () => {
      finished = true;
    },
    () => {
      finished = true;
    },
  );
  let n = 0;
  while (!finished) {
    await step();
    n++;
    // Let timers and child-process events run even when every step settles in microtasks.
    await new Promise((r) => setImmediate(r));
  }
  return n;
}

export function expectNoTempFiles(dir: string): void {
  expect(Object.keys(snapshot(dir)).filter((p) => /\.dwim-/u.test(p))).toEqual([]);
}
