/**
 * PGlite (PostgreSQL compiled to WebAssembly) served on a loopback port, for tests that connect with `pg` as to any
 * server. PGlite has one session; the socket package's handler speaks the wire protocol per connection, and this
 * module's queue decides whose message the session takes next. The package's own queue hands the session to another
 * connection between any two messages outside a transaction, so two connections' Parse/Bind/Execute interleave and
 * lose each other's unnamed portal ("portal does not exist"). Here a connection keeps the session from its first
 * message until the session is idle again (a ReadyForQuery with status I), as a connection pooler in transaction
 * mode does, and a connection that leaves mid-transaction is rolled back.
 */
import { createServer, type Server, type Socket } from "node:net";
import type { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketHandler } from "@electric-sql/pglite-socket";

interface Job {
  handlerId: number;
  message: Uint8Array;
  onData(data: Uint8Array): void;
  resolve(bytes: number): void;
  reject(error: Error): void;
}

/** ReadyForQuery: 'Z', length 5, then the transaction status ('I' idle, 'T' in a transaction, 'E' failed one). */
const READY_FOR_QUERY = [0x5a, 0, 0, 0, 5];
const IDLE = 0x49;

/** The status byte of a ReadyForQuery that ends `tail` (the last bytes a message's response sent), if one does. */
export function endingStatus(tail: Uint8Array): number | undefined {
  if (tail.length < 6) return undefined;
  const at = tail.length - 6;
  return READY_FOR_QUERY.every((b, i) => tail[at + i] === b) ? tail[at + 5] : undefined;
}

/** The queue the socket handlers share: one connection at a time holds the session until it is idle. */
export class SessionQueue {
  private jobs: Job[] = [];
  private owner: number | undefined;
  private running = false;

  constructor(private readonly db: PGlite) {}

  enqueue(handlerId: number, message: Uint8Array, onData: (data: Uint8Array) => void): Promise<number> {
    return new Promise((resolve, reject) => {
      this.jobs.push({ handlerId, message, onData, resolve, reject });
      void this.run();
    });
  }

  getQueueLength(): number {
    return this.jobs.length;
  }

  clearQueueForHandler(handlerId: number): void {
    const [theirs, others] = partition(this.jobs, (j) => j.handlerId === handlerId);
    this.jobs = others;
    for (const j of theirs) j.reject(new Error("connection closed"));
  }

  /** The connection left: give the session back, rolling back a transaction it left open. */
  async clearTransactionIfNeeded(handlerId: number): Promise<void> {
    if (this.owner !== handlerId) return;
    if (this.db.isInTransaction()) await this.db.exec("ROLLBACK");
    this.owner = undefined;
    void this.run();
  }

  private next(): Job | undefined {
    const i = this.owner === undefined ? 0 : this.jobs.findIndex((j) => j.handlerId === this.owner);
    return i < 0 ? undefined : this.jobs.splice(i, 1)[0];
  }

  private async run(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      for (let job = this.next(); job; job = this.next()) {
        this.owner = job.handlerId;
        if ((await this.execute(job)) === IDLE) this.owner = undefined;
      }
    } finally {
      this.running = false;
    }
  }

  /** Runs one message; returns the session's status when its response ended with ReadyForQuery. */
  private async execute(job: Job): Promise<number | undefined> {
    let bytes = 0;
    let tail: Uint8Array = new Uint8Array(0);
    try {
      await this.db.runExclusive(() =>
        this.db.execProtocolRawStream(job.message, {
          onRawData: (data) => {
            bytes += data.length;
            tail = lastBytes(tail, data, 6);
            job.onData(data);
          },
        }),
      );
      job.resolve(bytes);
      return endingStatus(tail);
    } catch (e) {
      job.reject(e as Error);
      return this.db.isInTransaction() ? undefined : IDLE;
    }
  }
}

function lastBytes(previous: Uint8Array, data: Uint8Array, n: number): Uint8Array {
  if (data.length >= n) return data.slice(data.length - n);
  const joined = new Uint8Array(previous.length + data.length);
  joined.set(previous);
  joined.set(data, previous.length);
  return joined.slice(Math.max(0, joined.length - n));
}

function partition<T>(items: readonly T[], test: (item: T) => boolean): [T[], T[]] {
  const yes: T[] = [];
  const no: T[] = [];
  for (const item of items) (test(item) ? yes : no).push(item);
  return [yes, no];
}

export interface ServedPglite {
  /** host:port */
  address: string;
  /** A URL for `pg` (the user is taken as given; PGlite's session keeps the user it was opened with). */
  url(user?: string): string;
  stop(): Promise<void>;
}

/** Serves `db` on 127.0.0.1 at a free port. */
export async function servePglite(db: PGlite): Promise<ServedPglite> {
  await db.waitReady;
  const queue = new SessionQueue(db);
  const handlers = new Set<PGLiteSocketHandler>();
  const server: Server = createServer((socket: Socket) => {
    // The handler is typed against the package's own queue class; ours has the same public methods.
    const handler = new PGLiteSocketHandler({ queryQueue: queue as never, closeOnDetach: true });
    handlers.add(handler);
    handler.addEventListener("close", () => handlers.delete(handler));
    handler.addEventListener("error", () => handlers.delete(handler));
    handler.attach(socket).catch(() => socket.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as { port: number };
  const address = `127.0.0.1:${port}`;
  return {
    address,
    url: (user = "postgres") => `postgres://${user}@${address}/postgres`,
    async stop() {
      await Promise.all([...handlers].map((h) => h.detach(true)));
      handlers.clear();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
