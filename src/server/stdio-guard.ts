/**
 * stdio framing with a size limit: newline-delimited messages up to `limit` bytes pass through; a longer one is
 * dropped as it streams (never buffered whole) and reported, so one oversized message neither grows the process nor
 * closes the connection. The report answers the request's id with a JSON-RPC error (era-neutral) naming
 * `argument_too_large`, and logs on stderr.
 */
import { Transform, type TransformCallback } from "node:stream";

/** The first and last bytes of a dropped message, and its full size. */
export type OversizedHandler = (head: string, tail: string, bytes: number) => void;

const HEAD_BYTES = 4096;
const TAIL_BYTES = 512;

export class MessageSizeGuard extends Transform {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private dropping = false;
  private droppedBytes = 0;
  private head = "";
  private tail: Buffer = Buffer.alloc(0);

  constructor(
    private readonly limit: number,
    private readonly onOversized: OversizedHandler,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    let start = 0;
    while (start < chunk.length) {
      const nl = chunk.indexOf(0x0a, start);
      const end = nl === -1 ? chunk.length : nl + 1;
      const piece = chunk.subarray(start, end);
      if (this.dropping) {
        this.droppedBytes += piece.length;
        this.keepTail(piece);
      } else if (this.pendingBytes + piece.length > this.limit) {
        this.dropping = true;
        this.droppedBytes = this.pendingBytes + piece.length;
        const first = this.pending[0] ?? piece;
        this.head = first.subarray(0, HEAD_BYTES).toString("utf8");
        this.tail = Buffer.alloc(0);
        for (const p of [...this.pending, piece]) this.keepTail(p);
        this.pending = [];
        this.pendingBytes = 0;
      } else {
        this.pending.push(piece);
        this.pendingBytes += piece.length;
      }
      if (nl !== -1) this.endMessage();
      start = end;
    }
    done();
  }

  override _flush(done: TransformCallback): void {
    this.endMessage();
    done();
  }

  private keepTail(piece: Buffer): void {
    this.tail = Buffer.concat([this.tail, piece.subarray(Math.max(0, piece.length - TAIL_BYTES))]);
    if (this.tail.length > TAIL_BYTES) this.tail = this.tail.subarray(this.tail.length - TAIL_BYTES);
  }

  private endMessage(): void {
    if (this.dropping) {
      this.dropping = false;
      this.onOversized(this.head, this.tail.toString("utf8"), this.droppedBytes);
      this.head = "";
      this.tail = Buffer.alloc(0);
    } else if (this.pendingBytes > 0) {
      this.push(Buffer.concat(this.pending));
    }
    this.pending = [];
    this.pendingBytes = 0;
  }
}

const ID_VALUE = String.raw`(-?\d+|"(?:[^"\\]|\\.){0,200}")`;
/** `{"jsonrpc":"2.0","id":…` at the very start, or `"id":…}` closing the message (the SDK writes id last). */
const LEADING_ID = new RegExp(String.raw`^\s*\{\s*(?:"jsonrpc"\s*:\s*"2\.0"\s*,\s*)?"id"\s*:\s*${ID_VALUE}`, "u");
const TRAILING_ID = new RegExp(String.raw`[,{]\s*"id"\s*:\s*${ID_VALUE}\s*\}\s*$`, "u");

/** The top-level JSON-RPC id of a message seen only by its first and last bytes, if it can be told. */
export function requestIdOf(head: string, tail: string): string | number | undefined {
  const m = LEADING_ID.exec(head) ?? TRAILING_ID.exec(tail);
  if (!m) return undefined;
  return m[1].startsWith('"') ? (JSON.parse(m[1]) as string) : Number(m[1]);
}

/** The answer to a dropped request: an Invalid Request error that names the limit and how to raise it. */
export function oversizedResponse(id: string | number, bytes: number, limit: number): string {
  return `${JSON.stringify({
    jsonrpc: "2.0",
    id,
    error: {
      code: -32600,
      message: `argument_too_large: the message is ${bytes} bytes, over the stdio limit of ${limit}`,
      data: {
        error_type: "argument_too_large",
        got: bytes,
        expected: `<= ${limit} bytes`,
        hints: ["Send a smaller piece", "Raise limits.max_argument_bytes in dwim.toml"],
      },
    },
  })}\n`;
}
