/**
 * dwim's stdio transport: newline-delimited JSON-RPC on stdin and stdout where every frame the client sends gets an
 * answer. The SDK's stdio transport skips a line that is not JSON without a word and cannot hold a frame over its
 * buffer; here a frame is read once, in linear time (`src/core/json-lines.ts`), and:
 *
 * - not JSON: JSON-RPC -32700 Parse error (id null, as JSON-RPC 2.0 says);
 * - JSON but not a JSON-RPC message: -32600 Invalid Request under its id (null when it has none); a notification
 *   (a method, no id) is never answered, only logged;
 * - over the size limit: dropped as it streams, never held; a request is answered -32600 `argument_too_large`
 *   under its id, wherever the id stands in the frame; a response to one of the server's own requests fails that
 *   request; a frame with no id at all is logged.
 *
 * Input that ends does not close the transport: the caller answers the calls already read, then closes it.
 */
import type { Readable, Writable } from "node:stream";
import {
  type JSONRPCMessage,
  parseJSONRPCMessage,
  serializeMessage,
  type Transport,
} from "@modelcontextprotocol/server";
import { type JsonLine, JsonLineReader } from "../core/json-lines.js";

type Id = string | number | null;

export class JsonLineServerTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  private readonly reader: JsonLineReader;
  private started = false;
  private closed = false;

  constructor(
    private readonly input: Readable,
    private readonly output: Writable,
    private readonly limit: number,
    /** One line about each frame that was refused or dropped (stderr by default). */
    private readonly report: (line: string) => void = (line) => process.stderr.write(`dwim: stdio: ${line}\n`),
  ) {
    this.reader = new JsonLineReader(limit, (line) => this.received(line));
  }

  async start(): Promise<void> {
    if (this.started) throw new Error("JsonLineServerTransport already started");
    this.started = true;
    this.input.on("data", this.onData);
    this.input.on("end", this.onEnd);
    this.input.on("error", this.onInputError);
    this.output.on("error", this.onOutputError);
  }

  private readonly onData = (chunk: Buffer) => this.reader.push(chunk);
  private readonly onEnd = () => this.reader.end();
  private readonly onInputError = (e: Error) => this.onerror?.(e);
  private readonly onOutputError = (e: Error) => {
    if (this.closed) return;
    this.onerror?.(e);
    void this.close();
  };

  private received(line: JsonLine): void {
    if (line.kind === "json") {
      this.jsonFrame(line.value);
    } else if (line.kind === "invalid") {
      this.report(`a ${line.bytes}-byte frame is not JSON: answered with a parse error`);
      this.answerError(null, -32700, "Parse error: the frame is not JSON", { got: line.text });
    } else {
      this.oversizedFrame(line);
    }
  }

  private jsonFrame(value: unknown): void {
    let message: JSONRPCMessage;
    try {
      message = parseJSONRPCMessage(value);
    } catch {
      const frame = typeof value === "object" && value !== null && !Array.isArray(value) ? value : {};
      const { id, method } = frame as { id?: unknown; method?: unknown };
      const validId = typeof id === "string" || typeof id === "number";
      if (!validId && typeof method === "string" && id === undefined) {
        this.report(`dropped a notification '${method.slice(0, 100)}' that is not valid JSON-RPC`);
        return;
      }
      this.report(`answered a frame that is not a JSON-RPC message${validId ? ` (id ${JSON.stringify(id)})` : ""}`);
      const why = Array.isArray(value) ? "batches are not supported" : "not a JSON-RPC 2.0 request";
      this.answerError(validId ? (id as Id) : null, -32600, `Invalid Request: ${why}`);
      return;
    }
    this.onmessage?.(message);
  }

  private oversizedFrame(line: Extract<JsonLine, { kind: "oversized" }>): void {
    const what = `a ${line.bytes}-byte message, over the stdio limit of ${this.limit} bytes`;
    const data = {
      error_type: "argument_too_large",
      got: line.bytes,
      expected: `<= ${this.limit} bytes`,
      hints: ["Send a smaller piece", "Raise limits.max_argument_bytes in dwim.toml"],
    };
    const id = line.id;
    if (id === undefined || id === null) {
      this.report(`dropped ${what}; it has no id to answer`);
    } else if (line.method !== undefined) {
      this.report(`dropped ${what} (request ${JSON.stringify(id)}, ${line.method.slice(0, 100)})`);
      this.answerError(
        id,
        -32600,
        `argument_too_large: the message is ${line.bytes} bytes, over the stdio limit of ${this.limit}`,
        data,
      );
    } else {
      // A response to a request of ours (roots/list, sampling): that request fails instead of waiting forever.
      this.report(`dropped ${what} (the response to request ${JSON.stringify(id)})`);
      this.onmessage?.({ jsonrpc: "2.0", id, error: { code: -32600, message: `Response too large: ${what}`, data } });
    }
  }

  private answerError(id: Id, code: number, message: string, data?: Record<string, unknown>): void {
    const error = data === undefined ? { code, message } : { code, message, data };
    this.write(`${JSON.stringify({ jsonrpc: "2.0", id, error })}\n`).catch(() => undefined);
  }

  send(message: JSONRPCMessage): Promise<void> {
    if (this.closed) return Promise.reject(new Error("the stdio transport is closed"));
    return this.write(serializeMessage(message));
  }

  private write(text: string): Promise<void> {
    return new Promise((resolve, reject) => {
      const done = (e?: Error | null) => (e ? reject(e) : resolve());
      if (this.output.write(text, (e) => e && done(e))) resolve();
      else this.output.once("drain", () => done());
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.input.off("data", this.onData);
    this.input.off("end", this.onEnd);
    this.input.off("error", this.onInputError);
    if (this.input.listenerCount("data") === 0) this.input.pause();
    this.reader.clear();
    this.onclose?.();
  }
}
