/**
 * The storage backends the shared conformance suite runs against: the SQLite file, the real PostgreSQL server on
 * 127.0.0.1:5432 (no pgvector there: the vector lane must report `degraded`), and PGlite with the pgvector extension
 * behind a PostgreSQL socket (a real pgvector build, so HNSW and the hybrid lanes are exercised through the same `pg`
 * driver). Every PostgreSQL store gets its own schema, dropped when the suite ends.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";

export interface Backend {
  name: "sqlite" | "postgres" | "pgvector";
  /** Whether the vector lane works here (false: recall is lexical-only and says `degraded`). */
  vectors: boolean;
  start(): Promise<void>;
  /** Environment for a new, empty store. */
  freshEnv(): Record<string, string>;
  stop(): Promise<void>;
}

export const PG_URL = process.env.DWIM_TEST_PG_URL ?? "postgres://postgres@127.0.0.1:5432/test";

/** Checks the server answers; fails (never skips) with how to start it. */
export async function requirePostgres(url = PG_URL): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    await client.query("SELECT 1");
  } catch (e) {
    throw new Error(
      `PostgreSQL is not reachable at ${url} (${(e as Error).message}). These tests need the real server: start it with ` +
        "`pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start` (trust auth, database test), " +
        "or point DWIM_TEST_PG_URL at another one.",
    );
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Drops the schemas of the given projects (test clean-up). */
export async function dropProjects(url: string, projects: readonly string[]): Promise<void> {
  if (projects.length === 0) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const p of projects) await client.query(`DROP SCHEMA IF EXISTS "dwim_${p}" CASCADE`);
  } finally {
    await client.end();
  }
}

/** A project name no other run (or helper on the same server) uses. */
export function uniqueProject(prefix = "t"): string {
  return `${prefix}${randomBytes(4).toString("hex")}`;
}

export const sqliteBackend: Backend = {
  name: "sqlite",
  vectors: true,
  async start() {},
  freshEnv: () => ({}),
  async stop() {},
};

export function postgresBackend(url = PG_URL): Backend {
  const projects: string[] = [];
  return {
    name: "postgres",
    vectors: false,
    start: () => requirePostgres(url),
    freshEnv() {
      const project = uniqueProject();
      projects.push(project);
      return { DWIM_MEMORY_URL: url, DWIM_MEMORY_PROJECT: project };
    },
    stop: () => dropProjects(url, projects.splice(0)),
  };
}

/** PGlite (WASM PostgreSQL) with pgvector, served on a loopback port so that the store connects as to any server. */
export function pgvectorBackend(): Backend & { url(): string } {
  let server: { stop(): Promise<void>; getServerConn(): string } | undefined;
  let db: { close(): Promise<void> } | undefined;
  const url = () => {
    if (!server) throw new Error("pgvector backend not started");
    return `postgres://postgres@${server.getServerConn()}/postgres`;
  };
  return {
    name: "pgvector",
    vectors: true,
    url,
    async start() {
      const { PGlite } = await import("@electric-sql/pglite");
      const { vector } = await import("@electric-sql/pglite-pgvector");
      const { PGLiteSocketServer } = await import("@electric-sql/pglite-socket");
      const lite = await PGlite.create({ extensions: { vector } });
      db = lite;
      const s = new PGLiteSocketServer({ db: lite, host: "127.0.0.1", port: 0, maxConnections: 1000 });
      await s.start();
      server = s;
    },
    freshEnv: () => ({ DWIM_MEMORY_URL: url(), DWIM_MEMORY_PROJECT: uniqueProject() }),
    async stop() {
      await server?.stop();
      await db?.close();
      server = undefined;
      db = undefined;
    },
  };
}
