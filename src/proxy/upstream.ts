/**
 * One upstream MCP server: its process, the SDK client that talks to it, and what it advertised (tools,
 * capabilities, instructions). It starts with a time limit (a hung server is killed with its process group), lists
 * every page of tools (a repeating cursor is caught), re-lists on `tools/list_changed`, and when the process exits
 * or its stream breaks it says so on stderr, answers calls with `UpstreamUnavailableError`, and restarts with
 * backoff (or reports a fatal exit when restarting is off).
 */
import {
  Client,
  type JSONRPCMessage,
  type JSONRPCRequest,
  ProtocolError,
  SdkError,
  SdkErrorCode,
  type Tool,
} from "@modelcontextprotocol/client";
import * as z from "zod";
import { type UpstreamSpec, upstreamEnvironment } from "./servers.js";
import { describeExit, type ExitInfo, ProcessTransport } from "./transport.js";

/** Any JSON object: results pass through as the upstream sent them (no SDK reshaping, no stripped fields). */
export const ANY_RESULT = z.looseObject({});
export type AnyResult = z.infer<typeof ANY_RESULT>;

export type UpstreamState = "idle" | "starting" | "up" | "down" | "stopped";

export interface UpstreamOptions {
  /** Milliseconds the server has to answer initialize and list its tools. */
  startupTimeoutMs?: number;
  /** Restart after an exit (default true). */
  restart?: boolean;
  /** First restart delay; doubled per failed attempt up to maxBackoffMs. */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** Pages of a list walked before giving up (a server whose cursor never ends). */
  maxPages?: number;
  /** Largest message read from the server (default DEFAULT_MAX_UPSTREAM_MESSAGE_BYTES). */
  maxMessageBytes?: number;
  /** The user's environment (default process.env). */
  env?: Readonly<Record<string, string | undefined>>;
  log?: (line: string) => void;
}

export interface UpstreamHooks {
  /** The tool list changed (first listing excluded). */
  toolsChanged?(upstream: Upstream): void;
  /** A notification the upstream sent that the proxy does not consume itself. */
  notification?(upstream: Upstream, notification: { method: string; params?: Record<string, unknown> }): void;
  /** A request from the upstream to the client (roots/list, sampling/createMessage, elicitation/create). */
  request?(upstream: Upstream, request: JSONRPCRequest, signal: AbortSignal): Promise<AnyResult>;
  /** Back up after a restart (tools re-listed). */
  restarted?(upstream: Upstream): void;
  /** Exited and will not be restarted (restart off). */
  fatal?(upstream: Upstream, exit: ExitInfo): void;
}

export class UpstreamUnavailableError extends Error {
  constructor(
    readonly upstream: string,
    readonly reason: string,
    /** When the next start attempt is due, if one is scheduled. */
    readonly retryInMs?: number,
  ) {
    super(`Upstream server '${upstream}' is unavailable: ${reason}`);
  }
}

export class UpstreamStartError extends Error {}

/** setTimeout's ceiling: calls are bounded by the client, not by the proxy. */
const NO_TIMEOUT = 2_147_483_647;
const SERVER_TO_CLIENT = ["roots/list", "sampling/createMessage", "elicitation/create"] as const;
/** Up this long after a restart and the backoff starts again from the first delay. */
const STABLE_MS = 30_000;

export class Upstream {
  state: UpstreamState = "idle";
  tools: Tool[] = [];
  client?: Client;
  /** Restarts so far (0 on the first run). */
  restarts = 0;
  /** Notes about the last listing (repeating cursor, page limit) for stderr and tests. */
  readonly warnings: string[] = [];
  private transport?: ProcessTransport;
  private starting?: Promise<void>;
  private restartTimer?: NodeJS.Timeout;
  private nextStartAt = 0;
  private failures = 0;
  private upSince = 0;
  private relisting?: Promise<void>;
  private relistAgain = false;
  private readonly options: Required<Omit<UpstreamOptions, "env" | "log" | "maxMessageBytes">> &
    Pick<UpstreamOptions, "env" | "maxMessageBytes">;
  private readonly log: (line: string) => void;
  /** Raw requests sent beside the SDK client (the fast lane), by their id. */
  private readonly raw = new Map<string, { resolve(m: JSONRPCMessage): void; reject(e: Error): void }>();
  private rawSeq = 0;

  constructor(
    readonly spec: UpstreamSpec,
    options: UpstreamOptions = {},
    private readonly hooks: UpstreamHooks = {},
  ) {
    this.options = {
      startupTimeoutMs: options.startupTimeoutMs ?? 30_000,
      restart: options.restart ?? true,
      backoffMs: options.backoffMs ?? 500,
      maxBackoffMs: options.maxBackoffMs ?? 30_000,
      maxPages: options.maxPages ?? 100,
      env: options.env,
      maxMessageBytes: options.maxMessageBytes,
    };
    this.log = options.log ?? ((line) => process.stderr.write(`${line}\n`));
  }

  get name(): string {
    return this.spec.name;
  }

  get capabilities() {
    return this.client?.getServerCapabilities() ?? {};
  }

  get serverInfo() {
    return this.client?.getServerVersion();
  }

  get instructions(): string | undefined {
    return this.client?.getInstructions();
  }

  /** Starts the server; rejects (after ending its process group) when it fails or hangs. */
  start(): Promise<void> {
    if (this.state === "up") return Promise.resolve();
    if (!this.starting) {
      this.starting = this.startOnce().finally(() => {
        this.starting = undefined;
      });
    }
    return this.starting;
  }

  private async startOnce(): Promise<void> {
    this.state = "starting";
    const prefix = `[${this.name}] `;
    const transport = new ProcessTransport(
      {
        command: this.spec.command,
        args: this.spec.args,
        env: upstreamEnvironment(this.options.env ?? process.env, this.spec.env),
        cwd: this.spec.cwd,
        maxMessageBytes: this.options.maxMessageBytes,
      },
      (line) => this.log(prefix + line),
    );
    const client = new Client(
      { name: "dwim-proxy", version: "0.1.0" },
      {
        capabilities: {
          roots: { listChanged: true },
          sampling: {},
          elicitation: { form: {}, url: {} },
        },
      },
    );
    this.wire(client);
    let timer: NodeJS.Timeout | undefined;
    let exitedEarly: ExitInfo | undefined;
    transport.onexit = (exit) => {
      if (this.transport === transport && this.state === "up") this.onExit(exit);
      else exitedEarly = exit;
    };
    try {
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new UpstreamStartError(`no answer within ${this.options.startupTimeoutMs} ms`)),
          this.options.startupTimeoutMs,
        );
      });
      const connect = (async () => {
        await client.connect(transport, { timeout: NO_TIMEOUT });
        this.divertRawResponses(transport);
        return this.listTools(client);
      })();
      connect.catch(() => undefined);
      const tools = await Promise.race([connect, timeout]);
      this.client = client;
      this.transport = transport;
      this.tools = tools;
      this.state = "up";
      this.upSince = Date.now();
      this.log(
        `dwim: upstream '${this.name}' ${this.serverInfo?.name ?? ""} ${this.serverInfo?.version ?? ""}`.trimEnd() +
          `: ${tools.length} tools (pid ${transport.pid})`,
      );
    } catch (e) {
      // An exit before our kill is the reason; the kill after a time-out is not.
      const why = exitedEarly !== undefined ? describeExit(exitedEarly) : e instanceof Error ? e.message : String(e);
      await transport.kill();
      this.state = "down";
      throw new UpstreamStartError(`upstream '${this.name}' (${this.spec.command}) did not start: ${why}`);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Responses to raw requests go to their callers; everything else to the SDK client, as before. */
  private divertRawResponses(transport: ProcessTransport): void {
    const sdk = transport.onmessage;
    transport.onmessage = (message) => {
      if (!("method" in message) && "id" in message && typeof message.id === "string") {
        const waiter = this.raw.get(message.id);
        if (waiter) {
          this.raw.delete(message.id);
          waiter.resolve(message);
          return;
        }
      }
      sdk?.(message);
    };
  }

  /**
   * A request written to the upstream as is, beside the SDK client (string ids that never meet the client's
   * numeric ones); resolves with the upstream's raw response message.
   */
  rawRequest(
    method: string,
    params: Record<string, unknown> | undefined,
  ): { id: string; response: Promise<JSONRPCMessage> } {
    const id = `dwim-${++this.rawSeq}`;
    const transport = this.transport;
    const response = new Promise<JSONRPCMessage>((resolve, reject) => {
      if (this.state !== "up" || !transport) {
        reject(new UpstreamUnavailableError(this.name, "it is not running"));
        return;
      }
      this.raw.set(id, { resolve, reject });
      const request = { jsonrpc: "2.0" as const, id, method, ...(params === undefined ? {} : { params }) };
      transport.send(request).catch(() => {
        this.raw.delete(id);
        reject(new UpstreamUnavailableError(this.name, "the request could not be written"));
      });
    });
    return { id, response };
  }

  /** A notification written to the upstream as is (a cancellation of a raw request). */
  rawNotify(method: string, params: Record<string, unknown>): void {
    void this.transport?.send({ jsonrpc: "2.0", method, params }).catch(() => undefined);
  }

  /** Raw requests still waiting lose their upstream. */
  private failRaw(reason: string): void {
    for (const waiter of this.raw.values()) waiter.reject(new UpstreamUnavailableError(this.name, reason));
    this.raw.clear();
  }

  /** Forgets a raw request (cancelled: the upstream will not answer it). */
  dropRaw(id: string): void {
    this.raw.delete(id);
  }

  private wire(client: Client): void {
    client.setNotificationHandler("notifications/tools/list_changed", () => {
      void this.relist(client);
    });
    client.fallbackNotificationHandler = async (notification) => {
      this.hooks.notification?.(this, notification as { method: string; params?: Record<string, unknown> });
    };
    for (const method of SERVER_TO_CLIENT) {
      // biome-ignore lint/suspicious/noExplicitAny: one forwarding handler for three request types.
      client.setRequestHandler(method, (async (request: { params?: Record<string, unknown> }, ctx: any) => {
        if (!this.hooks.request) throw new ProtocolError(-32601, `Method not found: ${method}`);
        const forwarded = { jsonrpc: "2.0", id: ctx.mcpReq.id, method, params: request.params } as JSONRPCRequest;
        return this.hooks.request(this, forwarded, ctx.mcpReq.signal);
      }) as never);
    }
    client.onerror = (e) => {
      // Stream faults (a non-JSON line on stdout) are reported; a broken stream also ends in onExit.
      this.log(`dwim: upstream '${this.name}': ${e.message}`);
    };
  }

  /** Re-lists tools after `tools/list_changed`; notifications arriving during a listing trigger one more. */
  private relist(client: Client): Promise<void> {
    if (this.relisting) {
      this.relistAgain = true;
      return this.relisting;
    }
    this.relisting = (async () => {
      do {
        this.relistAgain = false;
        try {
          if (this.client !== client || this.state !== "up") return;
          this.tools = await this.listTools(client);
          this.hooks.toolsChanged?.(this);
        } catch (e) {
          this.log(`dwim: upstream '${this.name}': re-listing tools failed: ${(e as Error).message}`);
        }
      } while (this.relistAgain);
    })().finally(() => {
      this.relisting = undefined;
    });
    return this.relisting;
  }

  /** Every page of tools/list; a cursor seen before or more than maxPages pages end the walk with a warning. */
  private async listTools(client: Client): Promise<Tool[]> {
    if (client.getServerCapabilities()?.tools === undefined) return [];
    const { items } = await this.walk(client, "tools/list", "tools");
    return items as Tool[];
  }

  /** Walks a paginated list method with the cursor guard. */
  async walk(
    client: Client,
    method: string,
    key: string,
    params: Record<string, unknown> = {},
  ): Promise<{ items: unknown[]; truncated: boolean }> {
    const items: unknown[] = [];
    const seen = new Set<string>();
    let cursor: string | undefined;
    for (let page = 0; ; page++) {
      if (page >= this.options.maxPages) {
        this.warn(`${method} has more than ${this.options.maxPages} pages; the rest is left out`);
        return { items, truncated: true };
      }
      const result = await client.request(
        { method, params: cursor === undefined ? params : { ...params, cursor } },
        ANY_RESULT,
        { timeout: this.options.startupTimeoutMs },
      );
      const list = (result as Record<string, unknown>)[key];
      if (Array.isArray(list)) items.push(...list);
      const next = (result as { nextCursor?: unknown }).nextCursor;
      if (typeof next !== "string") return { items, truncated: false };
      if (seen.has(next)) {
        this.warn(`${method} returned cursor '${next.slice(0, 40)}' twice; listing stopped after ${page + 1} pages`);
        return { items, truncated: true };
      }
      seen.add(next);
      cursor = next;
    }
  }

  private warn(message: string): void {
    this.warnings.push(message);
    this.log(`dwim: upstream '${this.name}': ${message}`);
  }

  private onExit(exit: ExitInfo): void {
    this.state = "down";
    this.failRaw("the connection closed during the request");
    this.client = undefined;
    this.transport = undefined;
    this.log(`dwim: upstream '${this.name}' ${describeExit(exit)}`);
    if (!this.options.restart) {
      this.log(`dwim: upstream '${this.name}' will not be restarted (--no-restart)`);
      this.state = "stopped";
      this.hooks.fatal?.(this, exit);
      return;
    }
    this.scheduleRestart();
  }

  private scheduleRestart(): void {
    if (Date.now() - this.upSince > STABLE_MS) this.failures = 0;
    const delay = Math.min(this.options.maxBackoffMs, this.options.backoffMs * 2 ** this.failures);
    this.failures++;
    this.nextStartAt = Date.now() + delay;
    this.log(`dwim: restarting upstream '${this.name}' in ${delay} ms`);
    this.restartTimer = setTimeout(() => {
      this.restartTimer = undefined;
      this.start().then(
        () => {
          this.restarts++;
          this.hooks.restarted?.(this);
        },
        (e: Error) => {
          this.log(`dwim: ${e.message}`);
          if (this.state !== "stopped") this.scheduleRestart();
        },
      );
    }, delay);
    this.restartTimer.unref();
  }

  /** The client to send a request with; waits for a start in progress, never for a scheduled one. */
  async ready(): Promise<Client> {
    if (this.state === "starting" && this.starting) {
      try {
        await this.starting;
      } catch {
        // falls through to unavailable below
      }
    }
    if (this.state === "up" && this.client) return this.client;
    const retryInMs = this.restartTimer ? Math.max(0, this.nextStartAt - Date.now()) : undefined;
    const reason =
      this.state === "stopped"
        ? "it exited and restarting is off"
        : this.restartTimer
          ? `it exited; restart ${this.restarts + 1} is due in ${retryInMs} ms`
          : "it is not running";
    throw new UpstreamUnavailableError(this.name, reason, retryInMs);
  }

  /**
   * Sends a request as the client sent it and returns the result as the upstream sent it. A connection that breaks
   * during the request is an UpstreamUnavailableError; the upstream's own JSON-RPC errors are ProtocolErrors.
   */
  async request(
    method: string,
    params: Record<string, unknown> | undefined,
    options: {
      signal?: AbortSignal;
      onprogress?: (p: { progress: number; total?: number; message?: string }) => void;
    } = {},
  ): Promise<AnyResult> {
    const client = await this.ready();
    try {
      return await client.request({ method, params }, ANY_RESULT, {
        signal: options.signal,
        onprogress: options.onprogress,
        timeout: NO_TIMEOUT,
        resetTimeoutOnProgress: true,
      });
    } catch (e) {
      if (
        e instanceof SdkError &&
        (e.code === SdkErrorCode.ConnectionClosed ||
          e.code === SdkErrorCode.NotConnected ||
          e.code === SdkErrorCode.SendFailed)
      ) {
        throw new UpstreamUnavailableError(this.name, "the connection closed during the request");
      }
      throw e;
    }
  }

  async notify(method: string, params?: Record<string, unknown>): Promise<void> {
    if (this.state !== "up" || !this.client) return;
    await this.client.notification({ method, params }).catch(() => undefined);
  }

  /** Ends the upstream for good (no restart). */
  async close(): Promise<void> {
    this.state = "stopped";
    if (this.restartTimer) clearTimeout(this.restartTimer);
    this.restartTimer = undefined;
    const transport = this.transport;
    this.client = undefined;
    this.transport = undefined;
    this.failRaw("the proxy is closing");
    if (transport) await transport.close();
  }

  /** The process id while it runs (tests check that it is gone after close). */
  get pid(): number | undefined {
    return this.transport?.pid;
  }
}
