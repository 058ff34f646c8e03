/**
 * The embedded PostgreSQL of test runs without a server (PGlite, one session, test/helpers/pglite-socket.ts) keeps
 * connections apart as a server does: concurrent extended-protocol queries on several connections each get their own
 * answer, and a connection that closes mid-transaction leaves nothing behind.
 */
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ServedPglite, servePglite } from "../helpers/pglite-socket.js";

let db: PGlite;
let served: ServedPglite;

beforeAll(async () => {
  db = await PGlite.create();
  served = await servePglite(db);
});

afterAll(async () => {
  await served?.stop();
  await db?.close();
});

async function connected(): Promise<pg.Client> {
  const c = new pg.Client({ connectionString: served.url() });
  await c.connect();
  return c;
}

describe("embedded PostgreSQL sessions", () => {
  it("four connections × 100 queries at once, each with its own statement: every answer is its own query's", async () => {
    const clients = await Promise.all([0, 1, 2, 3].map(() => connected()));
    try {
      // One connection runs one query at a time; the four run at once, so their Parse/Bind/Execute meet in the
      // one session. A statement text per connection makes an answer bound to another's statement visible.
      const answers = await Promise.all(
        clients.map(async (c, k) => {
          const rows: string[] = [];
          for (let i = 0; i < 100; i++) {
            const r = await c.query<{ v: string }>(`SELECT $1::text || '-from-${k}' AS v`, [`q${i}`]);
            rows.push(r.rows[0].v);
          }
          return rows;
        }),
      );
      answers.forEach((rows, k) => {
        expect(rows).toEqual(rows.map((_, i) => `q${i}-from-${k}`));
      });
    } finally {
      await Promise.all(clients.map((c) => c.end()));
    }
  });

  it("a connection's open transaction is its own until it ends; one closed mid-transaction is rolled back", async () => {
    const admin = await connected();
    await admin.query("CREATE TABLE kept (v int)");
    const writer = await connected();
    await writer.query("BEGIN");
    await writer.query("INSERT INTO kept VALUES (1)");
    // The other connection's query waits for the session; the writer's transaction is not committed under it.
    const seen = admin.query<{ n: string }>("SELECT count(*) AS n FROM kept");
    await writer.end();
    expect((await seen).rows[0].n).toBe("0");
    await admin.query("INSERT INTO kept VALUES (2)");
    expect((await admin.query<{ v: number }>("SELECT v FROM kept")).rows).toEqual([{ v: 2 }]);
    await admin.end();
  });
});
