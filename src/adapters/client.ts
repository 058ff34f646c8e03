/**
 * dwim/client: call repair around an MCP SDK `Client` (v1 `@modelcontextprotocol/sdk` or v2
 * `@modelcontextprotocol/client`), docs/adapters.md "MCP client". `callTool` is checked against the server's
 * `tools/list` before anything is sent: a call that fits goes out as it is; a misspelled name or argument key that
 * dwim's rules correct goes out corrected (and is reported); one that dwim would only guess at is answered on the spot
 * with an `isError` result carrying `likely_fix`, never sent. Results come back exactly as the server sent them.
 */
import { errorResult } from "../core/errors.js";
import { CallRepairer, type ListedTool, type RepairOptions } from "./repair.js";

export type {
  CorrectionReport,
  ListedAnnotations,
  RefusalReport,
  RepairOptions,
} from "./repair.js";

/** What dwim needs of a client: the two methods both SDK generations share. */
export interface ToolCallingClient {
  // biome-ignore lint/suspicious/noExplicitAny: each SDK generation types its own trailing parameters
  listTools(params?: { cursor?: string }, ...rest: any[]): Promise<{ tools: ListedTool[]; nextCursor?: string }>;
  // biome-ignore lint/suspicious/noExplicitAny: v1 takes (params, resultSchema?, options?), v2 (params, options?)
  callTool(params: { name: string; arguments?: Record<string, unknown> }, ...rest: any[]): Promise<unknown>;
}

/** Pages of tools/list walked at most (a server whose cursors never end is cut off there). */
const MAX_LIST_PAGES = 100;

/**
 * The same client with `callTool` checked first; every other method is the client's own. The listing is read on the
 * first call and read again when a call names a tool it does not hold (the server's tools may have changed); when
 * it cannot be read, calls go out as they are.
 */
export function withDwim<C extends ToolCallingClient>(client: C, options: RepairOptions = {}): C {
  let repairer: Promise<CallRepairer | undefined> | undefined;
  const relist = () => {
    const listing = listAll(client).then(
      (tools) => new CallRepairer(tools, "mcp-client", options),
      () => {
        // A server that cannot list its tools gets its calls as they are; the next call lists again.
        if (repairer === listing) repairer = undefined;
        return undefined;
      },
    );
    repairer = listing;
    return listing;
  };
  const callTool: ToolCallingClient["callTool"] = async (params, ...rest) => {
    let current = await (repairer ?? relist());
    if (current && !current.has(params.name)) current = await relist();
    if (!current) return client.callTool(params, ...rest);
    const outcome = current.repair({ name: params.name, arguments: params.arguments });
    if (outcome.kind === "as_sent") return client.callTool(params, ...rest);
    if (outcome.kind === "corrected") {
      return client.callTool({ ...params, name: outcome.name, arguments: outcome.arguments }, ...rest);
    }
    // Nothing to offer (no likely_fix): the server answers the call as it was made.
    if (outcome.error.likely_fix === undefined) return client.callTool(params, ...rest);
    return errorResult(outcome.error);
  };
  return new Proxy(client, {
    get(target, property) {
      if (property === "callTool") return callTool;
      const value = Reflect.get(target, property, target);
      // Bound to the client itself: its methods may use private fields, which a proxy receiver cannot reach.
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/** Every page of tools/list, with a guard against cursors that repeat or never end. */
async function listAll(client: ToolCallingClient): Promise<ListedTool[]> {
  const tools: ListedTool[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let page = 0; page < MAX_LIST_PAGES; page++) {
    const answer = await client.listTools(cursor === undefined ? undefined : { cursor });
    tools.push(...answer.tools);
    cursor = answer.nextCursor;
    if (cursor === undefined || seen.has(cursor)) break;
    seen.add(cursor);
  }
  return tools;
}
