/**
 * PostgreSQL-only guarantees, on the test run's server (the real one, or embedded PGlite where none runs): many writer processes on their own connections lose nothing and a
 * writer killed mid-batch leaves no partial batch; two servers migrating an empty database at once do not race;
 * every query the search syntax can produce is a tsquery the server accepts; failures are storage errors without
 * credentials; a role that may only read still gets reads.
 */
import fc from "fast-check";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  closeAllStores,
  parseSearchQuery,
  recall,
  remember,
  rememberBatch,
  toTsquery,
} from "../../src/memory/index.js";
import { PG_MIGRATIONS } from "../../src/memory/postgres-schema.js";
import { rejectionOf } from "../helpers/errors.js";
import { dropProjects, PG_URL, readOnlyRoleServer, requirePostgres, uniqueProject } from "./backends.js";
import { memoryAt, removeTmpRoots, tmpRoot } from "./helpers.js";
import { collect, startWorker } from "./workers.js";

const projects: string[] = [];
let admin: pg.Client;

function project(): string {
  const p = uniqueProject("d");
  projects.push(p);
  return p;
}

function envFor(p: string, url = PG_URL): Record<string, string> {
  return { DWIM_MEMORY_URL: url, DWIM_MEMORY_PROJECT: p };
}

beforeAll(async () => {
  await requirePostgres();
  admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
});

afterAll(async () => {
  await closeAllStores();
  await dropProjects(PG_URL, projects);
  await admin?.end();
  removeTmpRoots();
});

const WRITES = Number(process.env.DWIM_MEMORY_STRESS_N ?? 300);

describe("many writers on PostgreSQL", () => {
  it(`two writers × ${WRITES} remember (with recalls) and a batch writer killed mid-batch: every acknowledged memory exactly once, no partial batch`, async () => {
    const p = project();
    const env = envFor(p);
    const root = tmpRoot();
    const writers = ["a", "b"].map((name) => startWorker(["write", root, String(WRITES), name], env));
    const batcher = startWorker(["batch", root, "500"], env);
    const acked: number[] = [(await batcher.next()).ack as number];
    // Kill it while a later batch is in flight.
    await new Promise((r) => setTimeout(r, 20 + Math.random() * 80));
    batcher.proc.kill("SIGKILL");
    for (const line of await collect(batcher)) acked.push(line.ack as number);
    await batcher.exited;
    const outputs = await Promise.all(writers.map(collect));
    for (const out of outputs) {
      expect(out.filter((l) => l.error)).toEqual([]);
      expect(out[out.length - 1]).toEqual({ done: true, busy: 0 });
    }
    const s = `"dwim_${p}"`;
    for (const name of ["a", "b"]) {
      const r = await admin.query(
        `SELECT count(*)::int AS n, count(DISTINCT content)::int AS distinct_n FROM ${s}.memories WHERE file_path = $1`,
        [`src/${name}.ts`],
      );
      expect(r.rows[0]).toEqual({ n: WRITES, distinct_n: WRITES });
    }
    const batches = await admin.query(
      `SELECT split_part(content, ' ', 2)::int AS b, count(*)::int AS n, count(DISTINCT content)::int AS distinct_n
       FROM ${s}.memories WHERE content LIKE 'batch %' GROUP BY 1 ORDER BY 1`,
    );
    for (const row of batches.rows) expect(row).toEqual({ b: row.b, n: 500, distinct_n: 500 });
    const stored = new Set(batches.rows.map((r) => r.b));
    for (const b of acked) expect(stored.has(b)).toBe(true);
    // Tags and tsvectors came with every row, in the same transactions.
    const orphans = await admin.query(
      `SELECT count(*)::int AS n FROM ${s}.memories WHERE search_tsv = ''::tsvector OR content_key = ''`,
    );
    expect(orphans.rows[0].n).toBe(0);
  }, 120_000);

  it("two servers starting at once against an empty database migrate it once", async () => {
    const p = project();
    const env = envFor(p);
    const outs = await Promise.all([
      collect(startWorker(["open", tmpRoot()], env)),
      collect(startWorker(["open", tmpRoot()], env)),
    ]);
    for (const o of outs) {
      expect(o[0].health).toMatchObject({ backend: "postgres", schema_version: PG_MIGRATIONS.length });
    }
    const applied = await admin.query(
      `SELECT version, count(*)::int AS n FROM "dwim_${p}".migrations_applied GROUP BY version ORDER BY version`,
    );
    expect(applied.rows).toEqual(PG_MIGRATIONS.map((m) => ({ version: m.version, n: 1 })));
  }, 60_000);
});

describe("the lexical lane's bounded work", () => {
  it("a term over the 5,000-row budget is answered from a bounded sample of its memories", async () => {
    const mc = await memoryAt(tmpRoot(), envFor(project()));
    for (let b = 0; b < 21; b++) {
      await rememberBatch(
        mc,
        Array.from({ length: 500 }, (_, i) => ({
          category: "learning",
          content: `Entry ${b * 500 + i} posts to the ${i % 2 === 0 ? "ledger" : "journal"}`,
        })),
      );
    }
    // "ledger" is in 5,250 of 10,500 memories: rare enough to search (at most half), too common to score every match.
    const out = (await recall(mc, { query: "ledger entry", limit: 10 })) as { results: Array<{ content: string }> };
    expect(out.results).toHaveLength(10);
    for (const r of out.results) expect(r.content).toMatch(/ledger$/u);
  }, 120_000);
});

describe("the tsquery rendering", () => {
  it("every query the search syntax parses is a tsquery the server accepts", async () => {
    const queries: string[] = [];
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.constantFrom("OR", "AND", "NOT", "(", ")", '"', "-", "*", "'", "\\", ":", "&", "|", "!", "<->"),
            fc.string({ maxLength: 8 }),
            fc.constantFrom("café", "naïve", "getUserById", "E11000", "the", "conn*", "-pool"),
          ),
          { maxLength: 8 },
        ),
        (parts) => {
          const parsed = parseSearchQuery(parts.join(" "));
          for (const node of [parsed?.strict, parsed?.sanitized]) if (node) queries.push(toTsquery(node));
        },
      ),
      { numRuns: 300 },
    );
    expect(queries.length).toBeGreaterThan(100);
    const r = await admin.query("SELECT count(to_tsquery('english', q))::int AS n FROM unnest($1::text[]) AS q", [
      queries,
    ]);
    expect(r.rows[0].n).toBe(queries.length);
  });
});

describe("storage failures", () => {
  it("an unreachable server is a storage_error naming the URL without its password, and how to start it", async () => {
    const url = "postgres://dwim:s3cret-pa55@127.0.0.1:1/test";
    const e = await rejectionOf(memoryAt(tmpRoot(), envFor(project(), url)));
    expect(e.payload.error_type).toBe("storage_error");
    expect(e.payload.error).toContain("postgres://dwim@127.0.0.1:1/test");
    expect(JSON.stringify(e.payload)).not.toContain("s3cret-pa55");
    expect(e.payload.hints.join(" ")).toMatch(/pg_ctlcluster/u);
  });

  it("an invalid URL in the environment is invalid_config, shown without its password", async () => {
    const e = await rejectionOf(memoryAt(tmpRoot(), { DWIM_MEMORY_URL: "mysql://u:hunter22@db/x" }));
    expect(e.payload.error_type).toBe("invalid_config");
    expect(JSON.stringify(e.payload)).not.toContain("hunter22");
  });

  it("a role that may only read gets recall; remember is a read-only storage_error", async () => {
    const p = project();
    const role = `dwim_ro_${uniqueProject("")}`;
    const server = await readOnlyRoleServer();
    try {
      const writer = await memoryAt(tmpRoot(), envFor(p, server.adminUrl));
      const m = await remember(writer, { category: "decision", content: "Read replicas serve the reporting queries" });
      await server.admin([
        `CREATE ROLE ${role} LOGIN`,
        `GRANT USAGE ON SCHEMA "dwim_${p}" TO ${role}`,
        `GRANT SELECT ON ALL TABLES IN SCHEMA "dwim_${p}" TO ${role}`,
      ]);
      await closeAllStores();
      const reader = await memoryAt(tmpRoot(), envFor(p, await server.loginAs(role)));
      const out = (await recall(reader, { query: "reporting replicas" })) as { results: Array<{ id: number }> };
      expect(out.results.map((r) => r.id)).toEqual([m.id]);
      expect((await reader.store.health()).read_only).toBe(true);
      const e = await rejectionOf(remember(reader, { category: "decision", content: "Writes must fail here" }));
      expect(e.payload.error_type).toBe("storage_error");
      expect(e.payload.error).toMatch(/read-only/u);
    } finally {
      await closeAllStores();
      await server.close(role);
    }
  });
});
