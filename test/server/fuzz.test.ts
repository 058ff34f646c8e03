/**
 * Every tool through the SDK's client, in two sweeps: each string field of a valid call set to each hostile string and
 * each number field to each edge number, one at a time; then random breakage (one to three fields dropped, set to
 * arbitrary JSON or a hostile string, unknown fields added, at any depth). Every answer is a result that matches the
 * tool's outputSchema (the client checks) or the contract's error: never an internal error, never a stack trace, and
 * nothing written outside the working directory. The sweep found a NUL byte in regex_pattern or rg_flags reaching
 * ripgrep's spawn as an internal error (test/search/arguments.test.ts).
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, expect, it } from "vitest";
import { closeAllStores } from "../../src/memory/index.js";
import { TOOLSETS } from "../../src/server/toolsets.js";
import { type Connected, connectInMemory } from "../helpers/mcp.js";
import { SAMPLES } from "../helpers/tool-samples.js";

/** The sample calls whose name is the tool's own (the others test corrections), each then broken on purpose. */
const served = new Set(TOOLSETS.flatMap((t) => t.tools.map((d) => d.name)));
const VALID = SAMPLES.filter(([name]) => served.has(name));

/** Strings an attacker or a confused agent sends: traversal, NUL, control bytes, regex bombs, shell, huge, empty. */
const HOSTILE = [
  "",
  " ",
  "..",
  "../../outside.txt",
  "notes.txt/../../outside.txt",
  "/etc/passwd",
  "~/.ssh/id_rsa",
  "\u0000",
  "a\u0000b",
  "\u001b[31m",
  "(a+)+$",
  "((((((((((x))))))))))*",
  "*".repeat(300),
  "x".repeat(100_000),
  "🙂\u200b\u202e",
  "$(touch pwned)",
  "`touch pwned`",
  "-rf",
  "--pre=sh",
  "AND (",
  '"',
  "km^99999999",
  "1/0",
  "NaN",
];

/** Numbers at the edges: negative, zero, fractions where counts go, beyond 2^53, near the float limits, subnormal. */
const EDGE_NUMBERS = [-1, 0, 0.5, 2 ** 53 + 1, 1e308, -1e308, 5e-324];

type Path = ReadonlyArray<string | number>;

/** Every path to a value inside `value` (objects and arrays), the root's own fields first. */
function pathsOf(value: unknown, at: Path = []): Path[] {
  if (value === null || typeof value !== "object") return [];
  const entries: Array<[string | number, unknown]> = Array.isArray(value)
    ? value.map((v, i) => [i, v])
    : Object.entries(value);
  return entries.flatMap(([k, v]) => [[...at, k], ...pathsOf(v, [...at, k])]);
}

function parentOf(root: Record<string, unknown>, path: Path): Record<string | number, unknown> {
  let node: unknown = root;
  for (const k of path.slice(0, -1)) node = (node as Record<string | number, unknown>)[k];
  return node as Record<string | number, unknown>;
}

const mutation = fc.record({
  op: fc.constantFrom("drop", "set", "hostile", "add"),
  at: fc.nat(),
  key: fc.string({ maxLength: 12 }),
  value: fc.oneof(
    fc.jsonValue({ maxDepth: 2 }),
    fc.constantFrom(...HOSTILE),
    fc.constantFrom(-1, 0, 0.5, 1e308, -1e308, 2 ** 53 + 1, [], {}, null, true),
  ),
  hostile: fc.nat(HOSTILE.length - 1),
});

type Mutation = typeof mutation extends fc.Arbitrary<infer T> ? T : never;

function mutate(args: Record<string, unknown>, ms: ReadonlyArray<Mutation>): void {
  for (const m of ms) {
    const paths = pathsOf(args);
    if (m.op === "add" || paths.length === 0) {
      args[m.key] = m.value;
      continue;
    }
    const path = paths[m.at % paths.length];
    const parent = parentOf(args, path);
    const key = path[path.length - 1];
    if (m.op === "drop") {
      if (Array.isArray(parent)) parent.splice(key as number, 1);
      else delete parent[key];
    } else parent[key] = m.op === "set" ? m.value : HOSTILE[m.hostile];
  }
}

let base: string;
let root: string;
let conn: Connected;
beforeAll(async () => {
  base = mkdtempSync(join(tmpdir(), "dwim-fuzz-"));
  root = join(base, "root");
  mkdirSync(root);
  writeFileSync(join(root, "notes.txt"), "alpha\nbeta parse config\ngamma\n");
  conn = await connectInMemory({ toolsets: TOOLSETS, cwd: root });
});
afterAll(async () => {
  await conn.close();
  await closeAllStores();
});

/** The contract's answer to a call: a result its outputSchema admits (the client checks) or a structured error. */
async function expectContractAnswer(name: string, args: Record<string, unknown>): Promise<void> {
  // The client throws when a success's structuredContent does not match the tool's outputSchema.
  const result = await conn.client.callTool({ name, arguments: args });
  const text = (result.content as Array<{ text?: string }>).map((c) => c.text ?? "").join("\n");
  expect(text, name).not.toMatch(/\n\s+at \S+ \(/u);
  if (result.isError) {
    const e = result.structuredContent as Record<string, unknown>;
    expect(typeof e.error, name).toBe("string");
    expect(e.error_type, `${name} ${JSON.stringify(args).slice(0, 200)}: ${e.error}`).not.toBe("internal_error");
    expect(typeof e.error_type, name).toBe("string");
    expect(Array.isArray(e.hints), name).toBe(true);
  } else {
    expect(typeof result.structuredContent, name).toBe("object");
  }
}

it("every field of every tool, declared or in a valid call, each hostile value in turn", async () => {
  const { tools } = await conn.client.listTools();
  const declared = new Map(tools.map((t) => [t.name, Object.keys(t.inputSchema.properties ?? {})]));
  const values = [...HOSTILE, ...EDGE_NUMBERS, true, null, [], {}, ["\u0000"], { "": "" }];
  for (const [name, valid] of VALID) {
    const own = pathsOf(valid).map((p) => p.join("."));
    const fields: Path[] = [
      ...pathsOf(valid),
      ...(declared.get(name) ?? []).filter((k) => !own.includes(k)).map((k) => [k]),
    ];
    for (const path of fields) {
      for (const hostile of values) {
        const args = structuredClone(valid);
        parentOf(args, path)[path[path.length - 1]] = hostile;
        await expectContractAnswer(name, args);
      }
    }
  }
  expect(readdirSync(base)).toEqual(["root"]);
  expect(existsSync(join(root, "pwned"))).toBe(false);
}, 120_000);

it("every tool, broken calls: a valid result or the contract's error, never internal, nothing outside the root", async () => {
  expect(new Set(VALID.map(([name]) => name))).toEqual(served);
  await fc.assert(
    fc.asyncProperty(fc.nat(VALID.length - 1), fc.array(mutation, { minLength: 1, maxLength: 3 }), async (i, ms) => {
      const [name, valid] = VALID[i];
      const args = structuredClone(valid);
      mutate(args, ms);
      await expectContractAnswer(name, args);
    }),
    { numRuns: 600 },
  );
  expect(readdirSync(base)).toEqual(["root"]);
  expect(existsSync(join(root, "pwned"))).toBe(false);
}, 120_000);
