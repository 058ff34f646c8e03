/**
 * Newline-delimited JSON framing (MCP's stdio transport) with a size limit, for both ends dwim serves: its own stdio
 * and the proxy's upstream processes. Bytes are kept as the chunks they arrived in and joined once per line, so a
 * large message costs its size, not its size squared. A line over the limit is never buffered: it is dropped as it
 * streams, and a scanner reads its top-level `id` and `method` wherever they stand, so the sender can still be
 * answered. A line that is not JSON is reported as such. Nothing here throws at the stream.
 */

/** What one line turned out to be. */
export type JsonLine =
  | { kind: "json"; value: unknown }
  /** Not JSON (a stray print, a cut message): `text` is its start. */
  | { kind: "invalid"; text: string; bytes: number }
  /** Over the limit: dropped unread, with its top-level id and method when it had them. */
  | { kind: "oversized"; bytes: number; id?: string | number | null; method?: string };

const SHOWN_CHARS = 200;

export class JsonLineReader {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private dropped?: { bytes: number; scan: TopLevelScanner };

  constructor(
    private readonly limit: number,
    private readonly onLine: (line: JsonLine) => void,
  ) {}

  push(chunk: Buffer): void {
    let start = 0;
    while (start < chunk.length) {
      const nl = chunk.indexOf(0x0a, start);
      const end = nl === -1 ? chunk.length : nl;
      const piece = chunk.subarray(start, end);
      if (this.dropped) {
        this.dropped.bytes += piece.length;
        this.dropped.scan.feed(piece);
      } else if (this.pendingBytes + piece.length > this.limit) {
        const scan = new TopLevelScanner();
        for (const p of this.pending) scan.feed(p);
        scan.feed(piece);
        this.dropped = { bytes: this.pendingBytes + piece.length, scan };
        this.pending = [];
        this.pendingBytes = 0;
      } else if (piece.length > 0) {
        this.pending.push(piece);
        this.pendingBytes += piece.length;
      }
      if (nl === -1) break;
      this.endLine();
      start = nl + 1;
    }
  }

  /** The stream ended: a last line without its newline still counts. */
  end(): void {
    this.endLine();
  }

  /** Forgets a partly read line (the stream was reset). */
  clear(): void {
    this.pending = [];
    this.pendingBytes = 0;
    this.dropped = undefined;
  }

  private endLine(): void {
    const dropped = this.dropped;
    if (dropped) {
      this.dropped = undefined;
      const { id, method } = dropped.scan;
      this.onLine({ kind: "oversized", bytes: dropped.bytes, id, method });
      return;
    }
    if (this.pendingBytes === 0) return;
    const bytes = this.pendingBytes;
    const text = (this.pending.length === 1 ? this.pending[0] : Buffer.concat(this.pending, bytes)).toString("utf8");
    this.pending = [];
    this.pendingBytes = 0;
    if (text.trim() === "") return;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      this.onLine({ kind: "invalid", text: text.slice(0, SHOWN_CHARS), bytes });
      return;
    }
    this.onLine({ kind: "json", value });
  }
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const COMMA = 0x2c;
const OPEN_OBJECT = 0x7b;
const OPEN_ARRAY = 0x5b;
const CLOSE_OBJECT = 0x7d;
const CLOSE_ARRAY = 0x5d;
/** Longest key or scalar value kept while scanning; a longer one is not an id or a method name. */
const KEPT_BYTES = 256;

/**
 * Reads the top-level `id` and `method` of a JSON object that streams by in pieces, holding at most a few hundred
 * bytes: it tracks string and nesting state only, so it costs one pass over the bytes and never recurses.
 */
export class TopLevelScanner {
  id?: string | number | null;
  method?: string;
  private depth = 0;
  private inString = false;
  private escaped = false;
  /** At depth 1 of an object: the next string is a key (after `{` or `,`). */
  private expectKey = false;
  /** The top-level key whose value comes next. */
  private key?: string;
  /** What is being kept: a top-level key, or the scalar value of `id` or `method`. */
  private capturing?: "key" | "value";
  private kept: number[] = [];

  feed(piece: Uint8Array): void {
    for (let i = 0; i < piece.length; i++) {
      const b = piece[i];
      if (this.inString) {
        if (this.capturing) this.keep(b);
        if (this.escaped) this.escaped = false;
        else if (b === BACKSLASH) this.escaped = true;
        else if (b === QUOTE) {
          this.inString = false;
          if (this.capturing) this.endCapture();
        }
      } else if (b === QUOTE) {
        this.inString = true;
        if (this.depth === 1 && this.expectKey) this.startCapture("key");
        if (this.capturing) this.keep(b);
      } else if (b === OPEN_OBJECT || b === OPEN_ARRAY) {
        this.capturing = undefined; // an object or array is neither an id nor a method name
        this.depth++;
        if (this.depth === 1) this.expectKey = b === OPEN_OBJECT;
      } else if (b === CLOSE_OBJECT || b === CLOSE_ARRAY) {
        if (this.depth === 1 && this.capturing) this.endCapture();
        this.depth = Math.max(0, this.depth - 1);
      } else if (this.depth === 1) {
        if (b === COLON) {
          this.expectKey = false;
          if (this.key === "id" || this.key === "method") this.startCapture("value");
        } else if (b === COMMA) {
          if (this.capturing) this.endCapture();
          this.key = undefined;
          this.expectKey = true;
        } else if (this.capturing) this.keep(b);
      }
    }
  }

  private startCapture(what: "key" | "value"): void {
    this.capturing = what;
    this.kept = [];
  }

  private keep(b: number): void {
    if (this.kept.length < KEPT_BYTES) this.kept.push(b);
    else this.capturing = undefined;
  }

  /** A key or a scalar value ended: keep a key's name, and a value that is a valid id or method name. */
  private endCapture(): void {
    const what = this.capturing;
    this.capturing = undefined;
    let value: unknown;
    try {
      value = JSON.parse(Buffer.from(this.kept).toString("utf8"));
    } catch {
      value = undefined;
    }
    if (what === "key") this.key = typeof value === "string" ? value : undefined;
    else if (this.key === "id" && (typeof value === "string" || typeof value === "number" || value === null)) {
      this.id = value;
    } else if (this.key === "method" && typeof value === "string") this.method = value;
  }
}
