/**
 * Work that would hold the server's only thread runs in a worker thread that answers requests: the SQLite memory
 * databases and the shipped sentence encoder. One class for the side that starts the worker, one function for the
 * worker's side; requests go both ways, and errors cross intact (a ToolError keeps its payload). The worker keeps
 * the process alive only while a request waits for it, so a CLI command still exits when it is done.
 */
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parentPort, Worker } from "node:worker_threads";
import { type ErrorPayload, ToolError } from "./errors.js";

type SerializedError = { tool: ErrorPayload } | { message: string; code?: string };

type Message =
  | { kind: "request"; id: number; body: unknown }
  | { kind: "answer"; id: number; value?: unknown; error?: SerializedError };

function serializeError(e: unknown): SerializedError {
  if (e instanceof ToolError) return { tool: e.payload };
  const code = (e as { code?: unknown }).code;
  return { message: e instanceof Error ? e.message : String(e), ...(typeof code === "string" ? { code } : {}) };
}

function deserializeError(s: SerializedError): Error {
  if ("tool" in s) {
    const { error, error_type, hints, ...rest } = s.tool;
    return new ToolError({ error, error_type, hints, ...rest });
  }
  return Object.assign(new Error(s.message), s.code ? { code: s.code } : {});
}

/** Requests sent and not answered yet, by id; answers settle them. */
class Outstanding {
  private readonly waiting = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  private nextId = 0;

  get size(): number {
    return this.waiting.size;
  }

  add(send: (id: number) => void): Promise<unknown> {
    const id = ++this.nextId;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      send(id);
    });
  }

  settle(m: Extract<Message, { kind: "answer" }>): void {
    const w = this.waiting.get(m.id);
    this.waiting.delete(m.id);
    if (m.error) w?.reject(deserializeError(m.error));
    else w?.resolve(m.value);
  }

  failAll(e: Error): void {
    for (const w of this.waiting.values()) w.reject(e);
    this.waiting.clear();
  }
}

/** Answers each request with the handler's value or error. */
async function answer(
  m: Extract<Message, { kind: "request" }>,
  handler: (body: unknown) => Promise<unknown>,
  post: (m: Message) => void,
): Promise<void> {
  try {
    post({ kind: "answer", id: m.id, value: await handler(m.body) });
  } catch (e) {
    post({ kind: "answer", id: m.id, error: serializeError(e) });
  }
}

/**
 * The worker module `name` as it sits beside `caller` (an `import.meta.url`): `name.js` in dist, the same file under
 * dist/`dir` when the caller was bundled into dist/cli/bundle, or, from the TypeScript source (tests, `--import tsx`
 * scripts), `name.ts` started through tsx by worker-from-source.mjs.
 */
function entryOf(caller: string, dir: string, name: string): { url: URL; data?: { entry: string } } {
  if (caller.endsWith(".ts")) {
    return {
      url: new URL("./worker-from-source.mjs", import.meta.url),
      data: { entry: new URL(`./${name}.ts`, caller).href },
    };
  }
  for (const candidate of [`./${name}.js`, `../../${dir}/${name}.js`]) {
    const url = new URL(candidate, caller);
    if (existsSync(fileURLToPath(url))) return { url };
  }
  throw new Error(`the worker ${name}.js is missing beside ${fileURLToPath(caller)}`);
}

export class WorkerThread {
  private readonly worker: Worker;
  private readonly sent = new Outstanding();
  /** Set once the worker has stopped: every later request fails with it. */
  private stopped: Error | undefined;

  /**
   * Starts the worker module `name` beside `caller` (dist `dir` names its folder under dist/). `onRequest` answers
   * the worker's own requests (the memory's database thread asks for embeddings).
   */
  constructor(
    caller: string,
    dir: string,
    name: string,
    onRequest: (body: unknown) => Promise<unknown> = async () => {
      throw new Error("this thread takes no requests");
    },
  ) {
    const { url, data } = entryOf(caller, dir, name);
    this.worker = new Worker(url, { workerData: data });
    const post = (m: Message) => {
      if (!this.stopped) this.worker.postMessage(m);
    };
    this.worker.on("message", (m: Message) => {
      if (m.kind === "request") {
        void answer(m, onRequest, post);
        return;
      }
      this.sent.settle(m);
      if (this.sent.size === 0) this.worker.unref();
    });
    const stop = (why: string) => {
      this.stopped ??= new Error(why);
      this.sent.failAll(this.stopped);
    };
    this.worker.on("error", (e) => stop(`the ${name} thread failed: ${e.message}`));
    this.worker.on("exit", (code) => stop(`the ${name} thread stopped (exit ${code})`));
    this.worker.unref();
  }

  /** Why the thread cannot answer any more, once it stopped. */
  get stoppedBecause(): Error | undefined {
    return this.stopped;
  }

  request(body: unknown): Promise<unknown> {
    if (this.stopped) return Promise.reject(this.stopped);
    this.worker.ref();
    return this.sent.add((id) => this.worker.postMessage({ kind: "request", id, body } satisfies Message));
  }

  async terminate(): Promise<void> {
    this.stopped ??= new Error("the thread was stopped");
    await this.worker.terminate();
  }
}

/**
 * The worker's side: answers every request from the thread that started it with `handler`, and returns how to ask
 * that thread something in turn.
 */
export function serveRequests(handler: (body: unknown) => Promise<unknown>): { ask(body: unknown): Promise<unknown> } {
  const port = parentPort;
  if (!port) throw new Error("serveRequests runs in a worker thread");
  const asked = new Outstanding();
  const post = (m: Message) => port.postMessage(m);
  port.on("message", (m: Message) => {
    if (m.kind === "request") void answer(m, handler, post);
    else asked.settle(m);
  });
  return { ask: (body) => asked.add((id) => post({ kind: "request", id, body })) };
}
