/**
 * Requests from an upstream during a call of a 2026-07-28 client. That revision has no server-to-client requests:
 * a server that needs sampling, elicitation or roots answers the call with an `input_required` result, and the
 * client retries the call with the answers. The upstream (2025-era) instead sends a request and waits. So the proxy
 * keeps the upstream call open, answers the client's call with `input_required` carrying the upstream's request and
 * an opaque `requestState`, and on the retry hands the client's answer to the waiting upstream request and waits
 * again: for the result, or for the next request.
 */
import { randomUUID } from "node:crypto";
import { inputRequired } from "@modelcontextprotocol/server";
import type { AnyResult, Upstream } from "./upstream.js";

const CAPABILITY: Record<string, string> = {
  "sampling/createMessage": "sampling",
  "elicitation/create": "elicitation",
  "roots/list": "roots",
};

interface Question {
  key: string;
  request: { method: string; params?: Record<string, unknown> };
  answer(result: AnyResult): void;
  fail(error: Error): void;
}

type Step =
  | { kind: "done"; result: AnyResult }
  | { kind: "failed"; error: unknown }
  | { kind: "input"; question: Question };

/** One upstream call of a 2026-07-28 client, kept open across the client's retries. */
export class OpenCall {
  readonly state = `dwim-proxy:${randomUUID()}`;
  private readonly questions: Question[] = [];
  private waiting?: (step: Step) => void;
  private finished?: Step;
  private asked = 0;
  /** The question the client is answering now. */
  private current?: Question;
  private expiry?: NodeJS.Timeout;
  /** The envelope of the client's latest request (its declared capabilities). */
  envelope?: Record<string, unknown>;
  /** Sends a progress notification on the client's latest request. */
  progress?: (params: Record<string, unknown>) => void;
  /** Aborts the upstream call (the client cancelled one of its requests). */
  readonly abort = new AbortController();

  constructor(
    readonly upstream: Upstream,
    private readonly timeoutMs: number,
    private readonly onEnd: (call: OpenCall) => void,
  ) {}

  /** The upstream call this open call waits on. */
  attach(upstreamCall: Promise<AnyResult>): void {
    upstreamCall.then(
      (result) => this.settle({ kind: "done", result }),
      (error: unknown) => this.settle({ kind: "failed", error }),
    );
  }

  private settle(step: Step): void {
    this.finished = step;
    this.waiting?.(step);
    this.waiting = undefined;
  }

  get ended(): boolean {
    return this.finished !== undefined;
  }

  /** A request from the upstream for the client; resolves with the client's answer on its retry. */
  ask(request: Question["request"]): Promise<AnyResult> {
    return new Promise((resolve, reject) => {
      const question: Question = { key: `q${++this.asked}`, request, answer: resolve, fail: reject };
      if (this.waiting) {
        const wake = this.waiting;
        this.waiting = undefined;
        wake({ kind: "input", question });
      } else this.questions.push(question);
    });
  }

  /** The client's retry: the answer to the current question. */
  resume(responses: Record<string, unknown> | undefined): void {
    const question = this.current;
    this.current = undefined;
    if (!question) return;
    const answer = responses?.[question.key];
    if (answer && typeof answer === "object") question.answer(answer as AnyResult);
    else question.fail(new Error(`the client retried without an answer to ${question.request.method}`));
  }

  /** Waits for the upstream's result or its next request. */
  next(): Promise<Step> {
    clearTimeout(this.expiry);
    if (this.finished) return Promise.resolve(this.end(this.finished));
    const queued = this.questions.shift();
    if (queued) return Promise.resolve(this.hold({ kind: "input", question: queued }));
    return new Promise<Step>((resolve) => {
      this.waiting = resolve;
    }).then((step) => (step.kind === "input" ? this.hold(step) : this.end(step)));
  }

  private hold(step: Step & { kind: "input" }): Step {
    this.current = step.question;
    // A client that never retries must not hold the upstream call forever.
    this.expiry = setTimeout(() => {
      this.current?.fail(new Error("the client did not answer in time"));
      this.current = undefined;
      this.onEnd(this);
    }, this.timeoutMs);
    this.expiry.unref();
    return step;
  }

  private end(step: Step): Step {
    clearTimeout(this.expiry);
    this.onEnd(this);
    return step;
  }

  /** The `input_required` result for the current question. */
  inputRequiredResult(): AnyResult {
    const q = this.current as Question;
    return inputRequired({ inputRequests: { [q.key]: embedded(q.request) }, requestState: this.state }) as AnyResult;
  }
}

/** The embedded request as the 2026-07-28 wire carries it. */
function embedded(request: Question["request"]) {
  const params = request.params ?? {};
  switch (request.method) {
    case "sampling/createMessage":
      return inputRequired.createMessage(params as Parameters<typeof inputRequired.createMessage>[0]);
    case "roots/list":
      return inputRequired.listRoots();
    default: {
      if (params.mode === "url") {
        const { mode: _m, elicitationId: _e, ...rest } = params;
        return inputRequired.elicitUrl(rest as Parameters<typeof inputRequired.elicitUrl>[0]);
      }
      return inputRequired.elicit(params as Parameters<typeof inputRequired.elicit>[0]);
    }
  }
}

/** Whether the client declared the capability an upstream request needs, on this request's envelope. */
export function clientDeclares(envelope: Record<string, unknown> | undefined, method: string): boolean {
  const caps = envelope?.["io.modelcontextprotocol/clientCapabilities"] as Record<string, unknown> | undefined;
  const needed = CAPABILITY[method];
  return needed !== undefined && caps?.[needed] !== undefined;
}
