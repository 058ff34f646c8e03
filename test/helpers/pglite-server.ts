/**
 * The PostgreSQL server of a test run on a machine that has none (test/helpers/postgres-server.ts starts it): PGlite
 * in memory, served on a loopback port (test/helpers/pglite-socket.ts). Prints `{"url": …}` as one line once it
 * listens, and stops when its standard input closes, so it never outlives the run that started it, even one killed.
 */
import { PGlite } from "@electric-sql/pglite";
import { servePglite } from "./pglite-socket.js";

const db = await PGlite.create();
const served = await servePglite(db);
process.stdout.write(`${JSON.stringify({ url: served.url() })}\n`);

process.stdin.on("end", async () => {
  await served.stop();
  await db.close();
  process.exit(0);
});
process.stdin.resume();
