/**
 * The worker thread that owns the process's SQLite memory databases (see sqlite-thread.ts): it opens each store the
 * server thread asks for and runs each call it sends. The embedding provider stays on the server thread; while
 * re-embedding, a store here asks it for vectors.
 */
import type { EmbeddingProvider } from "../core/embeddings/provider.js";
import { serveRequests } from "../core/worker-thread.js";
import { SqliteMemoryStore } from "./sqlite-store.js";
import type { DatabaseAnswer, DatabaseRequest, EmbedRequest } from "./sqlite-thread.js";

const stores = new Map<number, SqliteMemoryStore>();

/** The server thread's provider for one store: its id and dimension, and vectors on request. */
function remoteProvider(store: number, spec: { id: string; dim: number }): EmbeddingProvider {
  const embedDocuments = async (texts: readonly string[]) =>
    (await server.ask({ store, texts: [...texts] } satisfies EmbedRequest)) as Float32Array[];
  return { id: spec.id, dim: spec.dim, embedDocuments, embedQuery: async (text) => (await embedDocuments([text]))[0] };
}

async function run(request: DatabaseRequest): Promise<DatabaseAnswer> {
  if (request.op === "open") {
    const { options, provider } = request.setup;
    const store = SqliteMemoryStore.open({
      ...options,
      provider: provider ? remoteProvider(request.store, provider) : null,
    });
    stores.set(request.store, store);
    return { value: undefined, lane: store.vectorLaneDegraded() };
  }
  const store = stores.get(request.store);
  if (!store) throw new Error(`memory store ${request.store} is not open`);
  const method = store[request.method] as (...args: unknown[]) => Promise<unknown>;
  const value = await method.apply(store, request.args);
  if (request.method === "close") stores.delete(request.store);
  return { value, lane: store.vectorLaneDegraded() };
}

const server = serveRequests((body) => run(body as DatabaseRequest));
