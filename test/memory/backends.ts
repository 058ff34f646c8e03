/**
 * The storage backends the shared conformance suite runs against: the SQLite file, the test run's PostgreSQL server
 * (DWIM_TEST_PG_URL: the real server on 127.0.0.1:5432, or embedded PGlite on a machine without one, see
 * test/helpers/postgres-server.ts; no pgvector there: the vector lane must report `degraded`), and PGlite with the
 * pgvector extension behind a PostgreSQL socket (a real pgvector build, so HNSW and the hybrid lanes are exercised
 * through the same `pg` driver). Every PostgreSQL store gets its own schema, dropped when the suite ends.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { type ServedPglite, servePglite } from "../helpers/pglite-socket.js";
import { DEFAULT_TEST_PG_URL } from "../helpers/postgres-server.js";

export interface Backend {
  name: "sqlite" | "postgres" | "pgvector";
  /** Whether the vector lane works here (false: recall is lexical-only and says `degraded`). */
  vectors: boolean;
  start(): Promise<void>;
  /** Environment for a new, empty store. */
  freshEnv(): Record<string, string>;
  stop(): Promise<void>;
}

export const PG_URL = process.env.DWIM_TEST_PG_URL ?? DEFAULT_TEST_PG_URL;

/** Checks the server answers; fails (never skips) with how to start it. */
export async function requirePostgres(url = PG_URL): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    await client.query("SELECT 1");
  } catch (e) {
    throw new Error(
      `PostgreSQL is not reachable at ${url} (${(e as Error).message}). These tests need a server: start it with ` +
        "`pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start` (trust auth, database test), " +
        "or point DWIM_TEST_PG_URL at another one (outside CI, a run finding none starts embedded PGlite instead).",
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
  let served: ServedPglite | undefined;
  let db: { close(): Promise<void> } | undefined;
  const url = () => {
    if (!served) throw new Error("pgvector backend not started");
    return served.url();
  };
  return {
    name: "pgvector",
    vectors: true,
    url,
    async start() {
      const { PGlite } = await import("@electric-sql/pglite");
      const { vector } = await import("@electric-sql/pglite-pgvector");
      const lite = await PGlite.create({ extensions: { vector } });
      db = lite;
      served = await servePglite(lite);
    },
    freshEnv: () => ({ DWIM_MEMORY_URL: url(), DWIM_MEMORY_PROJECT: uniqueProject() }),
    async stop() {
      await served?.stop();
      await db?.close();
      served = undefined;
      db = undefined;
    },
  };
}

/** A server where a role that may only read logs in (see readOnlyRoleServer). */
export interface RoleServer {
  /** Where the set-up (memories, the role, its grants) is written, as postgres. */
  adminUrl: string;
  /** Runs statements as postgres. */
  admin(statements: readonly string[]): Promise<void>;
  /** The URL that logs in as `role`; on PGlite the admin URL stops answering (close every store on it first). */
  loginAs(role: string): Promise<string>;
  /** Removes the role (and, on PGlite, the whole server). */
  close(role: string): Promise<void>;
}

/** Whether the server at `url` is PGlite, which serves every connection in one session as one user. */
async function isPglite(url = PG_URL): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const r = await client.query<{ v: string }>("SELECT version() AS v");
    return r.rows[0].v.includes("PGlite");
  } finally {
    await client.end();
  }
}

async function runAs(url: string, statements: readonly string[]): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const sql of statements) await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * A real server takes the user a URL names. PGlite does not (one session serves every connection), so there the
 * role's server is a PGlite data directory of its own: opened as postgres for the set-up, then reopened as the role,
 * whose privileges then apply to every connection, as a real server's do to one that logs in as the role.
 */
export async function readOnlyRoleServer(url = PG_URL): Promise<RoleServer> {
  if (!(await isPglite(url))) {
    return {
      adminUrl: url,
      admin: (statements) => runAs(url, statements),
      loginAs: async (role) => url.replace(/\/\/[^@/]+@/u, `//${role}@`),
      close: (role) => runAs(url, [`DROP OWNED BY ${role}`, `DROP ROLE ${role}`]),
    };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const dataDir = mkdtempSync(join(tmpdir(), "dwim-pglite-role-"));
  let db: { close(): Promise<void> } | undefined;
  let served: ServedPglite | undefined;
  const open = async (username: string): Promise<string> => {
    const lite = await PGlite.create({ dataDir, username });
    db = lite;
    served = await servePglite(lite);
    return served.url(username);
  };
  const shut = async () => {
    await served?.stop();
    await db?.close();
    served = undefined;
    db = undefined;
  };
  const adminUrl = await open("postgres");
  return {
    adminUrl,
    admin: (statements) => runAs(adminUrl, statements),
    async loginAs(role) {
      await shut();
      return open(role);
    },
    async close() {
      await shut();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
