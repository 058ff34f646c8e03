/**
 * Starting a process from a big one is slow: fork copies the parent's page tables, so each spawn blocks the event loop
 * for a time that grows with the parent's memory (measured with Node 20 on Linux: 1.3 ms at 45 MB resident, 11 ms at
 * 244 MB, 38 ms at 1 GB). A server holding a model pays that for every ripgrep it starts, several per search. A small
 * helper process, started once, spawns them instead; their output comes straight to us over a Unix socket, never
 * through the helper, and only requests, exit codes and stderr go over its IPC channel.
 *
 * The helper is used when this process is big enough for it to pay (HELPER_ABOVE_BYTES) and it is up; otherwise
 * startPipeline spawns directly. A helper that dies fails the runs it held and is started again, not sooner than
 * RESTART_AFTER_MS later.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** The resident size above which spawning through the helper pays: a fork here costs about 4 ms. */
const HELPER_ABOVE_BYTES = 96 * 1024 * 1024;
/** Bytes of the id each output connection starts with. */
const ID_BYTES = 16;
/** Each stage's stderr kept (the caller keeps less). */
const STDERR_KEEP = 4096;

/** What the caller gets back: the last stage's output as it comes, then every stage's exit. */
export interface PipelineHandlers {
  data(chunk: Buffer): void;
  stderr(text: string): void;
  /** Every stage exited and the output ended: exit codes in stage order (null when killed by a signal). */
  end(codes: Array<number | null>): void;
  /** The pipeline could not be started (or the helper died under it). */
  error(e: Error): void;
}

export interface PipelineRequest {
  file: string;
  /** Arguments of each stage; each reads the previous stage's output. */
  stages: string[][];
  cwd: string;
  /** Text for the first stage's stdin (otherwise it has none). */
  stdin?: string;
}

export interface PipelineHandle {
  /** Kills every stage (SIGKILL to each process group). */
  kill(): void;
  /** The stages' process ids, in stage order, once they are known (a watchdog looks at what they wait on). */
  pids(): readonly number[] | undefined;
}

/**
 * The helper's program, run with `node -e`: it spawns each requested pipeline with the last stage writing into a
 * socket connected back to us (after an id header), and reports the stages' process ids, exit codes and stderr.
 * Plain JavaScript in a string, so that no compiler or bundler of ours can change what the child runs.
 */
const HELPER_PROGRAM = `"use strict";
const { spawn } = require("node:child_process");
const net = require("node:net");
const send = (m) => process.send && process.send(m);
const runs = new Map();
const killed = new Set();
function killAll(children) {
  for (const c of children) {
    try { if (c.pid !== undefined) process.kill(-c.pid, "SIGKILL"); } catch {}
  }
}
process.on("disconnect", () => {
  for (const children of runs.values()) killAll(children);
  process.exit(0);
});
process.on("message", (m) => {
  if (m.t === "kill") {
    const children = runs.get(m.id);
    if (children) killAll(children);
    if (children && children.length === 0) killed.add(m.id);
    return;
  }
  if (m.t !== "run") return;
  runs.set(m.id, []);
  const fail = (e) => {
    runs.delete(m.id);
    send({ t: "failed", id: m.id, message: String(e && e.message) });
  };
  const sock = net.connect(m.socket);
  sock.on("error", fail);
  sock.on("connect", () => {
    const header = Buffer.alloc(m.idBytes, 0x20);
    header.write(m.id);
    sock.write(header, () => {
      const children = runs.get(m.id);
      if (!children || killed.delete(m.id)) {
        runs.delete(m.id);
        sock.destroy();
        send({ t: "exit", id: m.id, codes: m.stages.map(() => null), stderr: "" });
        return;
      }
      const codes = [];
      const errs = [];
      let open = m.stages.length;
      let failed = false;
      m.stages.forEach((args, i) => {
        const last = i === m.stages.length - 1;
        const previous = children[i - 1];
        const stdin = i === 0 ? (m.stdin === undefined ? "ignore" : "pipe") : (previous.stdout || "ignore");
        const c = spawn(m.file, args, { cwd: m.cwd, detached: true, stdio: [stdin, last ? sock : "pipe", "pipe"] });
        // The stage owns the pipe now; our copy would keep it open after the stage exits.
        if (i > 0 && previous.stdout) previous.stdout.destroy();
        children.push(c);
        errs.push("");
        c.stderr.on("data", (chunk) => { if (errs[i].length < m.keep) errs[i] += chunk.toString("utf8"); });
        c.on("error", (e) => {
          if (failed) return;
          failed = true;
          killAll(children);
          fail(e);
        });
        c.on("close", (code) => {
          codes[i] = code;
          if (--open > 0 || failed) return;
          runs.delete(m.id);
          send({ t: "exit", id: m.id, codes, stderr: errs.join("") });
        });
      });
      // A stage may exit without reading its input (ripgrep refusing the pattern): the write then fails with EPIPE,
      // which must not end this process; the stage's exit code and stderr say what happened.
      if (m.stdin !== undefined) children[0].stdin.on("error", () => {}).end(m.stdin);
      send({ t: "started", id: m.id, pids: children.map((c) => c.pid || 0) });
      // Only the last stage holds the socket now: its exit ends the output.
      sock.destroy();
    });
  });
});
send({ t: "ready" });
`;

interface HelperMessage {
  t: "ready" | "started" | "failed" | "exit";
  id: string;
  pids: number[];
  codes: Array<number | null>;
  stderr: string;
  message: string;
}

interface Pending {
  id: string;
  handlers: PipelineHandlers;
  socket?: Socket;
  /** Output ended and exit reported: both are needed before `end`. */
  ended: boolean;
  codes?: Array<number | null>;
  /** Process ids of the stages, once spawned (each leads its own process group). */
  pids?: number[];
  done: boolean;
}

/** The environment variable that marks the stages a helper spawns. */
const STAGE_MARK = "DWIM_SPAWN_HELPER_RUN";

/**
 * Kills the groups of the processes whose environment holds `mark`: the stages of a helper that died, found even when
 * it died between spawning them and reporting their pids. Where there is no /proc, only reported pids are killed.
 */
function killMarked(mark: string, helperPid: number | undefined): void {
  let entries: string[];
  try {
    entries = readdirSync("/proc");
  } catch {
    return;
  }
  const pids: number[] = [];
  for (const entry of entries) {
    if (!/^\d+$/u.test(entry) || Number(entry) === helperPid) continue;
    try {
      if (readFileSync(`/proc/${entry}/environ`, "latin1").split("\0").includes(mark)) pids.push(Number(entry));
    } catch {
      // Gone, or not ours to read.
    }
  }
  killGroups(pids);
}

/** Socket directories still in use: each goes when its helper dies, or with this process. */
const socketDirs = new Set<string>();
let exitHook = false;

function removeAtExit(dir: string): void {
  if (!exitHook) process.once("exit", () => socketDirs.forEach(removeDir));
  exitHook = true;
  socketDirs.add(dir);
}

function removeDir(dir: string): void {
  socketDirs.delete(dir);
  rmSync(dir, { recursive: true, force: true });
}

/** Kills each process and its group (each stage leads its own, except on Windows, which has no groups). */
function killGroups(pids: ReadonlyArray<number | undefined>): void {
  for (const pid of pids) {
    try {
      if (pid !== undefined && pid > 0) process.kill(process.platform === "win32" ? pid : -pid, "SIGKILL");
    } catch {
      // Already gone.
    }
  }
}

class Helper {
  private readonly runs = new Map<string, Pending>();
  private next = 0;
  ready = false;
  dead = false;

  private constructor(
    private readonly child: ChildProcess,
    private readonly server: Server,
    private readonly socketPath: string,
    private readonly dir: string,
    /** In the helper's environment, so in every stage's (see killMarked). */
    private readonly mark: string,
  ) {}

  static start(): Helper | undefined {
    if (process.platform === "win32") return undefined;
    const dir = mkdtempSync(join(tmpdir(), "dwim-spawn-"));
    const socketPath = join(dir, "out.sock");
    const server = createServer();
    const mark = randomUUID();
    const child = spawn(process.execPath, ["-e", HELPER_PROGRAM], {
      env: { ...process.env, [STAGE_MARK]: mark },
      stdio: ["ignore", "ignore", "ignore", "ipc"],
      serialization: "advanced",
      windowsHide: true,
    });
    const helper = new Helper(child, server, socketPath, dir, `${STAGE_MARK}=${mark}`);
    server.on("connection", (s) => helper.accept(s));
    server.on("error", () => helper.die(new Error("the spawn helper's socket failed")));
    server.listen(socketPath);
    server.unref();
    child.on("message", (m: HelperMessage) => helper.onMessage(m));
    child.on("error", (e) => helper.die(e));
    child.on("exit", () => helper.die(new Error("the spawn helper exited")));
    removeAtExit(dir);
    // Neither keeps this process alive.
    child.unref();
    (child as unknown as { channel?: { unref(): void } }).channel?.unref();
    return helper;
  }

  run(request: PipelineRequest, handlers: PipelineHandlers): PipelineHandle {
    const id = `r${++this.next}`;
    const pending: Pending = { id, handlers, ended: false, done: false };
    this.runs.set(id, pending);
    this.child.send({ t: "run", id, socket: this.socketPath, idBytes: ID_BYTES, keep: STDERR_KEEP, ...request });
    return {
      kill: () => {
        if (pending.done) return;
        if (pending.pids) killGroups(pending.pids);
        else if (!this.dead) this.child.send({ t: "kill", id });
      },
      pids: () => pending.pids,
    };
  }

  private accept(socket: Socket): void {
    let head = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      head = Buffer.concat([head, chunk]);
      if (head.length < ID_BYTES) return;
      socket.off("data", onData);
      const pending = this.runs.get(head.subarray(0, ID_BYTES).toString("utf8").trim());
      if (!pending || pending.socket) {
        socket.destroy();
        return;
      }
      pending.socket = socket;
      socket.on("data", (c: Buffer) => pending.handlers.data(c));
      const ended = () => {
        pending.ended = true;
        this.settle(pending);
      };
      socket.on("end", ended);
      socket.on("error", ended);
      if (head.length > ID_BYTES) pending.handlers.data(head.subarray(ID_BYTES));
    };
    socket.on("data", onData);
    socket.on("error", () => socket.destroy());
  }

  private onMessage(m: HelperMessage): void {
    if (m.t === "ready") {
      this.ready = true;
      return;
    }
    const pending = this.runs.get(m.id);
    if (!pending) return;
    if (m.t === "started") pending.pids = m.pids;
    else if (m.t === "failed") {
      this.finish(pending);
      pending.socket?.destroy();
      pending.handlers.error(new Error(m.message));
    } else if (m.t === "exit") {
      if (m.stderr) pending.handlers.stderr(m.stderr);
      pending.codes = m.codes;
      this.settle(pending);
    }
  }

  private settle(pending: Pending): void {
    if (pending.done || !pending.ended || !pending.codes) return;
    this.finish(pending);
    pending.handlers.end(pending.codes);
  }

  private finish(pending: Pending): void {
    pending.done = true;
    this.runs.delete(pending.id);
  }

  die(e: Error): void {
    if (this.dead) return;
    this.dead = true;
    this.ready = false;
    this.server.close();
    removeDir(this.dir);
    if (this.runs.size > 0) killMarked(this.mark, this.child.pid);
    for (const pending of [...this.runs.values()]) {
      this.finish(pending);
      if (pending.pids) killGroups(pending.pids);
      pending.socket?.destroy();
      pending.handlers.error(e);
    }
    if (helper === this) helper = undefined;
    lastDeath = Date.now();
  }

  /** For tests: stop the helper as if it had crashed. */
  crash(): void {
    this.child.kill("SIGKILL");
  }
}

let helper: Helper | undefined;
/** A helper that died is not started again before this long (one that cannot run here would cost a start a call). */
const RESTART_AFTER_MS = 10_000;
let lastDeath = Number.NEGATIVE_INFINITY;
/** Pipelines run through a helper so far (for tests and health reports). */
let helperRuns = 0;

export function spawnHelperRuns(): number {
  return helperRuns;
}
type Mode = "auto" | "always" | "never";
/** DWIM_SPAWN_HELPER: `off` never uses the helper, `on` always does, anything else decides by size. */
let mode: Mode =
  ({ off: "never", on: "always" } as Record<string, Mode>)[process.env.DWIM_SPAWN_HELPER ?? ""] ?? "auto";

/** Chooses when the helper is used: `auto` (by this process's size), `always` (tests), `never`. */
export function setSpawnHelperMode(m: Mode): void {
  mode = m;
  if (m === "never") helper?.die(new Error("the spawn helper was turned off"));
}

function wanted(): boolean {
  if (mode === "never") return false;
  return mode === "always" || process.memoryUsage.rss() > HELPER_ABOVE_BYTES;
}

/**
 * Runs the pipeline through the helper when it is wanted and up (it is started on the first call that wants it, which
 * spawns directly, as does every call while it is down).
 */
export function startPipeline(request: PipelineRequest, handlers: PipelineHandlers): PipelineHandle {
  if (wanted()) {
    if (!helper || helper.dead) {
      if (Date.now() - lastDeath >= RESTART_AFTER_MS) helper = Helper.start();
    } else if (helper.ready) {
      helperRuns++;
      return helper.run(request, handlers);
    }
  }
  return spawnDirect(request, handlers);
}

/** The pipeline spawned from this process. */
function spawnDirect(request: PipelineRequest, handlers: PipelineHandlers): PipelineHandle {
  const options = { cwd: request.cwd, detached: process.platform !== "win32", windowsHide: true };
  const children: ChildProcess[] = [];
  const kill = () => killGroups(children.map((c) => c.pid));
  request.stages.forEach((args, i) => {
    const previous = children[i - 1];
    const stdin = i === 0 ? (request.stdin === undefined ? "ignore" : "pipe") : (previous?.stdout ?? "ignore");
    children.push(spawn(request.file, args, { ...options, stdio: [stdin, "pipe", "pipe"] }));
    // The stage owns the pipe now; our copy would keep it open after the stage exits.
    if (i > 0) previous?.stdout?.destroy();
  });
  children[children.length - 1]?.stdout?.on("data", handlers.data);
  const codes: Array<number | null> = [];
  let open = children.length;
  let failed = false;
  children.forEach((c, i) => {
    c.stderr?.on("data", (chunk: Buffer) => handlers.stderr(chunk.toString("utf8")));
    c.on("error", (e) => {
      if (failed) return;
      failed = true;
      kill();
      handlers.error(e);
    });
    c.on("close", (code) => {
      codes[i] = code;
      if (--open > 0 || failed) return;
      handlers.end(codes);
    });
  });
  // As in the helper: a stage that exits without reading its input must not make the write an uncaught EPIPE.
  if (request.stdin !== undefined) children[0]?.stdin?.on("error", () => {}).end(request.stdin);
  return { kill, pids: () => children.map((c) => c.pid ?? 0) };
}

/** Resolves once the helper is up (starting it if needed); false when it cannot be used here. For tests and warm-up. */
export async function spawnHelperReady(timeoutMs = 5000): Promise<boolean> {
  if (mode === "never") return false;
  if (!helper || helper.dead) helper = Helper.start();
  const h = helper;
  if (!h) return false;
  const until = Date.now() + timeoutMs;
  while (!h.ready && !h.dead && Date.now() < until) await new Promise((r) => setTimeout(r, 5));
  return h.ready;
}

/** For tests: kills the helper process as a crash would. */
export function crashSpawnHelper(): void {
  helper?.crash();
}
