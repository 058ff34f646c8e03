/**
 * Vitest global setup: the PostgreSQL server the PostgreSQL tests use (DWIM_TEST_PG_URL). When the one configured
 * (by default the local server, database test) does not answer, the run starts an embedded one, PGlite served on a
 * loopback port (test/helpers/pglite-server.ts), points DWIM_TEST_PG_URL at it and says so in one line: `npm test`
 * needs nothing installed beyond `npm install`. Under CI the real server stays required: no fallback, and the
 * PostgreSQL tests fail naming how to start it.
 */
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import pg from "pg";

export const DEFAULT_TEST_PG_URL = "postgres://postgres@127.0.0.1:5432/test";

const SERVER_SCRIPT = fileURLToPath(new URL("./pglite-server.ts", import.meta.url));
const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 10_000;

/** Whether a PostgreSQL server answers a query at `url` within a few seconds. */
export async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query("SELECT 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** CI=true (or 1): the machine is set up to run the real server, so its absence is a failure, not a fallback. */
function underCi(): boolean {
  return /^(true|1)$/iu.test(process.env.CI ?? "");
}

/** The URL without its password, for messages. */
function shown(url: string): string {
  return url.replace(/(\/\/[^:/@]+):[^@]*@/u, "$1@");
}

interface Embedded {
  url: string;
  stop(): Promise<void>;
}

async function startEmbedded(): Promise<Embedded> {
  const child: ChildProcessWithoutNullStreams = spawn(process.execPath, ["--import", "tsx", SERVER_SCRIPT], {
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (d) => {
    stderr += String(d);
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`embedded PGlite did not start within ${START_TIMEOUT_MS / 1000} s`)),
      START_TIMEOUT_MS,
    );
  });
  try {
    const first = await Promise.race([lines.next(), timeout]);
    if (first.done) throw new Error("embedded PGlite exited before listening");
    const { url } = JSON.parse(first.value) as { url: string };
    return {
      url,
      async stop() {
        child.stdin.end();
        const killer = setTimeout(() => child.kill("SIGKILL"), STOP_TIMEOUT_MS);
        await exited;
        clearTimeout(killer);
      },
    };
  } catch (e) {
    child.kill("SIGKILL");
    throw new Error(`${(e as Error).message}${stderr ? `: ${stderr.slice(0, 2000)}` : ""}`);
  } finally {
    clearTimeout(timer);
  }
}

export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  const configured = process.env.DWIM_TEST_PG_URL ?? DEFAULT_TEST_PG_URL;
  if (await answers(configured)) return undefined;
  if (underCi()) {
    console.error(
      `PostgreSQL does not answer at ${shown(configured)} and CI is set: the PostgreSQL tests need the real server ` +
        "there (no embedded fallback under CI).",
    );
    return undefined;
  }
  const embedded = await startEmbedded();
  process.env.DWIM_TEST_PG_URL = embedded.url;
  console.log(
    `PostgreSQL suite: no server answers at ${shown(configured)}, so it runs on embedded PGlite (${embedded.url}); ` +
      "start PostgreSQL or set DWIM_TEST_PG_URL to run it on a real server.",
  );
  return () => embedded.stop();
}
