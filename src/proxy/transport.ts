/**
 * The upstream server's process and its stdio as an MCP transport. The SDK's StdioClientTransport cannot start the
 * server in a process group of its own, and `npx -y pkg` is two processes (npm, then the server): ending only the
 * first would orphan the second. Here the upstream leads its own group and `kill()` ends the whole group, with
 * SIGKILL after a grace period. stdout carries JSON-RPC lines; stderr is relayed line by line with the server's name.
 */
import { type ChildProcess, spawn } from "node:child_process";
import {
  type JSONRPCMessage,
  parseJSONRPCMessage,
  serializeMessage,
  type Transport,
} from "@modelcontextprotocol/client";
import { type JsonLine, JsonLineReader } from "../core/json-lines.js";
import { DEFAULT_MAX_UPSTREAM_MESSAGE_BYTES, UPSTREAM_MESSAGE_TOO_LARGE_CODE } from "./limits.js";

export interface ProcessSpec {
  command: string;
  args: readonly string[];
  env: Record<string, string>;
  cwd?: string;
  /** Largest JSON-RPC line read from the process; a longer one is dropped unread and answered (see onOversized). */
  maxMessageBytes?: number;
}

export interface ExitInfo {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** Set when the process could not be started at all (ENOENT, EACCES). */
  error?: Error;
}

const KILL_GRACE_MS = 2000;

/** Upstream processes still running: none may outlive the proxy, however it exits. */
const running = new Set<ChildProcess>();
let exitHookInstalled = false;

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on("exit", () => {
    for (const child of running) signalGroup(child, "SIGKILL");
  });
}

export function describeExit(exit: ExitInfo): string {
  if (exit.error) return `could not be started: ${exit.error.message}`;
  if (exit.signal) return `was ended by ${exit.signal}`;
  return `exited with code ${exit.code}`;
}

export class ProcessTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  /** Called once when the process has ended, before onclose. */
  onexit?: (exit: ExitInfo) => void;

  private child?: ChildProcess;
  private readonly reader: JsonLineReader;
  private readonly limit: number;
  private exited?: ExitInfo;
  private closed = false;
  private readonly exitWaiters: Array<() => void> = [];

  constructor(
    private readonly spec: ProcessSpec,
    /** Receives each stderr line of the upstream (default: our stderr, prefixed). */
    private readonly stderrLine: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
  ) {
    this.limit = spec.maxMessageBytes ?? DEFAULT_MAX_UPSTREAM_MESSAGE_BYTES;
    this.reader = new JsonLineReader(this.limit, (line) => this.received(line));
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  start(): Promise<void> {
    installExitHook();
    return new Promise((resolve, reject) => {
      // An argument array and no shell; a process group of its own (detached) so kill() reaches its children too.
      const child = spawn(this.spec.command, [...this.spec.args], {
        env: this.spec.env,
        cwd: this.spec.cwd,
        stdio: ["pipe", "pipe", "pipe"],
        detached: process.platform !== "win32",
        windowsHide: true,
      });
      this.child = child;
      let started = false;
      child.once("spawn", () => {
        started = true;
        running.add(child);
        resolve();
      });
      child.once("error", (error) => {
        if (!started) {
          this.finish({ code: null, signal: null, error });
          reject(error);
        } else this.onerror?.(error);
      });
      child.once("exit", (code, signal) => this.finish({ code, signal }));
      child.stdout?.on("data", (chunk: Buffer) => this.reader.push(chunk));
      child.stdin?.on("error", (e) => this.onerror?.(e));
      let pending = "";
      child.stderr?.setEncoding("utf8");
      child.stderr?.on("data", (text: string) => {
        const lines = (pending + text).split("\n");
        pending = lines.pop() ?? "";
        for (const line of lines) this.stderrLine(line);
      });
      child.stderr?.on("end", () => {
        if (pending) this.stderrLine(pending);
        pending = "";
      });
    });
  }

  /**
   * One line from the upstream. Not JSON-RPC: reported, and the stream goes on. Over the size limit: a response is
   * turned into a JSON-RPC error for the request it answers (so that call fails with a reason instead of the
   * proxy); a request the upstream made is refused back to it; anything else is reported.
   */
  private received(line: JsonLine): void {
    if (line.kind === "invalid") {
      this.onerror?.(new Error(`a line on stdout is not JSON (${line.bytes} bytes): ${line.text}`));
      return;
    }
    if (line.kind === "oversized") {
      const what = `a ${line.bytes}-byte message, over the limit of ${this.limit} bytes`;
      const id = line.id ?? undefined;
      if (id === undefined) this.onerror?.(new Error(`dropped ${what}`));
      else if (line.method !== undefined) {
        this.onerror?.(new Error(`refused ${line.method}: ${what}`));
        void this.send({ jsonrpc: "2.0", id, error: { code: -32600, message: `Message too large: ${what}` } }).catch(
          () => undefined,
        );
      } else {
        this.onerror?.(new Error(`dropped the response to request ${JSON.stringify(id)}: ${what}`));
        const data = { error_type: "upstream_message_too_large", got: line.bytes, expected: `<= ${this.limit} bytes` };
        this.onmessage?.({ jsonrpc: "2.0", id, error: { code: UPSTREAM_MESSAGE_TOO_LARGE_CODE, message: what, data } });
      }
      return;
    }
    let message: JSONRPCMessage;
    try {
      message = parseJSONRPCMessage(line.value);
    } catch {
      this.onerror?.(new Error("a line on stdout is JSON but not a JSON-RPC message"));
      return;
    }
    this.onmessage?.(message);
  }

  private finish(exit: ExitInfo): void {
    if (this.exited) return;
    if (this.child) running.delete(this.child);
    this.exited = exit;
    this.reader.clear();
    this.onexit?.(exit);
    for (const w of this.exitWaiters.splice(0)) w();
    if (!this.closed) {
      this.closed = true;
      this.onclose?.();
    }
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve, reject) => {
      const stdin = this.child?.stdin;
      if (!stdin || this.exited || stdin.destroyed) {
        reject(new Error("upstream process is not running"));
        return;
      }
      if (stdin.write(serializeMessage(message))) resolve();
      else stdin.once("drain", resolve);
    });
  }

  /** Ends the process group: close stdin, SIGTERM, then SIGKILL after the grace period. Resolves once it is gone. */
  async close(): Promise<void> {
    await this.kill();
    if (!this.closed) {
      this.closed = true;
      this.onclose?.();
    }
  }

  async kill(graceMs = KILL_GRACE_MS): Promise<void> {
    const child = this.child;
    if (!child || this.exited || child.pid === undefined) return;
    const gone = new Promise<void>((resolve) => this.exitWaiters.push(resolve));
    child.stdin?.end();
    signalGroup(child, "SIGTERM");
    const timer = setTimeout(() => signalGroup(child, "SIGKILL"), graceMs);
    await gone;
    clearTimeout(timer);
    // The leader is gone; anything it left in its group gets the same end.
    signalGroup(child, "SIGKILL");
  }
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    if (process.platform === "win32") child.kill(signal);
    else process.kill(-child.pid, signal);
  } catch {
    // ESRCH: the group has already ended.
  }
}
