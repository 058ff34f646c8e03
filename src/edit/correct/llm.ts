/**
 * Stage 5: the optional LLM corrector (off by default; docs/edit.md, "The LLM corrector"). A user plugs one in through `[edit.llm]`: a
 * command (argv, never a shell string) that reads the request as JSON on stdin and prints `{old_str, new_str}`, or an
 * OpenAI-compatible chat completions endpoint. Its proposal is only a proposal: the caller applies it only when the
 * proposed old_str passes the exact stage with exactly the expected count. Timeout at most 10 s; answers are cached.
 */
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { extname } from "node:path";

export interface CorrectorRequest {
  instruction: string;
  path: string;
  old_str: string;
  new_str: string;
  expected_replacements: number;
  error: string;
  /** The file, or the parts of it around the closest candidates when it is large. */
  file: string;
}

export interface CorrectorProposal {
  old_str: string;
  new_str: string;
}

export interface EditCorrector {
  readonly name: string;
  propose(request: CorrectorRequest, signal?: AbortSignal): Promise<CorrectorProposal | undefined>;
}

export interface CorrectorConfig {
  command?: string[];
  endpoint?: string;
  model?: string;
  api_key_env?: string;
  timeout_ms: number;
}

const MAX_TIMEOUT_MS = 10_000;
const MAX_OUTPUT_BYTES = 1 << 20;

/** File types where a model's "fix" silently corrupts structure (gemini-cli #28223). */
const NEVER = new Set([".json", ".jsonc", ".json5", ".ipynb"]);

export function correctorAllowedFor(path: string): boolean {
  return !NEVER.has(extname(path).toLowerCase());
}

export const INSTRUCTION =
  "An edit_file call failed: old_str does not occur in the file as written. Return only a JSON object " +
  '{"old_str": "...", "new_str": "..."} where old_str is copied character for character from the file (it must ' +
  "occur exactly expected_replacements times) and new_str is the replacement the caller intended, written in the " +
  "file's own style (indentation, quotes, escaping). If you cannot tell, return {}.";

/** Parses a proposal from model output: bare JSON or JSON inside a Markdown fence. */
export function parseProposal(text: string): CorrectorProposal | undefined {
  const fenced = /```(?:json)?\s*\n([\s\S]*?)\n```/u.exec(text);
  const body = (fenced ? fenced[1] : text).trim();
  try {
    const v = JSON.parse(body) as Record<string, unknown>;
    if (typeof v.old_str === "string" && typeof v.new_str === "string" && v.old_str !== "") {
      return { old_str: v.old_str, new_str: v.new_str };
    }
  } catch {
    // Not JSON: no proposal.
  }
  return undefined;
}

class CommandCorrector implements EditCorrector {
  readonly name: string;

  constructor(
    private readonly argv: string[],
    private readonly timeoutMs: number,
  ) {
    this.name = `command ${JSON.stringify(argv)}`;
  }

  propose(request: CorrectorRequest, signal?: AbortSignal): Promise<CorrectorProposal | undefined> {
    return new Promise((resolve) => {
      const child = spawn(this.argv[0], this.argv.slice(1), { stdio: ["pipe", "pipe", "ignore"], shell: false });
      let out = "";
      let done = false;
      const finish = (v: CorrectorProposal | undefined) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        signal?.removeEventListener("abort", onAbort);
        if (child.exitCode === null) child.kill("SIGKILL");
        resolve(v);
      };
      const onAbort = () => finish(undefined);
      const timer = setTimeout(() => finish(undefined), this.timeoutMs);
      signal?.addEventListener("abort", onAbort);
      child.on("error", () => finish(undefined));
      child.stdout.setEncoding("utf8");
      child.stdout.on("data", (d: string) => {
        out += d;
        if (out.length > MAX_OUTPUT_BYTES) finish(undefined);
      });
      child.on("close", (code) => finish(code === 0 ? parseProposal(out) : undefined));
      child.stdin.on("error", () => {});
      child.stdin.end(JSON.stringify(request));
    });
  }
}

class EndpointCorrector implements EditCorrector {
  readonly name: string;

  constructor(
    private readonly config: CorrectorConfig & { endpoint: string },
    private readonly env: Record<string, string | undefined>,
  ) {
    this.name = `endpoint ${new URL(config.endpoint).host}`;
  }

  async propose(request: CorrectorRequest, signal?: AbortSignal): Promise<CorrectorProposal | undefined> {
    const headers: Record<string, string> = { "content-type": "application/json" };
    const key = this.config.api_key_env ? this.env[this.config.api_key_env] : undefined;
    if (key) headers.authorization = `Bearer ${key}`;
    const timeout = AbortSignal.timeout(this.config.timeout_ms);
    try {
      const res = await fetch(this.config.endpoint, {
        method: "POST",
        headers,
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        body: JSON.stringify({
          model: this.config.model ?? "default",
          temperature: 0,
          messages: [
            { role: "system", content: request.instruction },
            { role: "user", content: JSON.stringify({ ...request, instruction: undefined }) },
          ],
        }),
      });
      if (!res.ok) return undefined;
      const body = (await res.json()) as { choices?: Array<{ message?: { content?: string } }> };
      const content = body.choices?.[0]?.message?.content;
      return typeof content === "string" ? parseProposal(content) : undefined;
    } catch {
      return undefined;
    }
  }
}

/** The configured corrector, or undefined when none is set. */
export function correctorFromConfig(
  config: CorrectorConfig,
  env: Record<string, string | undefined> = process.env,
): EditCorrector | undefined {
  const timeout = Math.min(config.timeout_ms, MAX_TIMEOUT_MS);
  if (config.command && config.command.length > 0) return new CommandCorrector(config.command, timeout);
  if (config.endpoint) return new EndpointCorrector({ ...config, endpoint: config.endpoint, timeout_ms: timeout }, env);
  return undefined;
}

/** Proposals by sha256(content, old, new, error): a retried call does not ask the model twice. */
const cache = new Map<string, CorrectorProposal | undefined>();
const CACHE_SIZE = 100;

export async function cachedProposal(
  corrector: EditCorrector,
  request: CorrectorRequest,
  contentHash: string,
  signal?: AbortSignal,
): Promise<CorrectorProposal | undefined> {
  const key = createHash("sha256")
    .update(`${corrector.name}\0${contentHash}\0${request.old_str}\0${request.new_str}\0${request.error}`)
    .digest("hex");
  if (cache.has(key)) return cache.get(key);
  const proposal = await corrector.propose(request, signal);
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  cache.set(key, proposal);
  return proposal;
}
