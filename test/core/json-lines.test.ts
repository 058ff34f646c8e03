/**
 * Newline-delimited JSON framing with a size limit: every line comes out as JSON.parse reads it however the bytes
 * are chunked; a line over the limit is dropped without being held, and its top-level id and method are read
 * wherever they stand in it; a line that is not JSON is reported with its start.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type JsonLine, JsonLineReader, TopLevelScanner } from "../../src/core/json-lines.js";

/** Splits bytes at the given cut points (any order, any value) into chunks. */
function chunked(bytes: Buffer, cuts: number[]): Buffer[] {
  const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
  const out: Buffer[] = [];
  let from = 0;
  for (const p of [...points, bytes.length]) {
    out.push(bytes.subarray(from, p));
    from = p;
  }
  return out;
}

function read(text: string, limit: number, cuts: number[] = []): JsonLine[] {
  const lines: JsonLine[] = [];
  const reader = new JsonLineReader(limit, (line) => lines.push(line));
  for (const chunk of chunked(Buffer.from(text), cuts)) reader.push(chunk);
  reader.end();
  return lines;
}

const idArb = fc.oneof(fc.integer(), fc.string({ maxLength: 40 }), fc.constant(null));
/** A JSON-RPC-like object with `id` and `method` among other members, in any order. */
const messageArb = fc
  .tuple(
    fc.dictionary(
      fc.string({ maxLength: 8 }).filter((k) => k !== "id" && k !== "method"),
      fc.jsonValue({ maxDepth: 4 }),
      { maxKeys: 5 },
    ),
    idArb,
    fc.string({ maxLength: 30 }),
    fc.nat(),
    fc.nat(),
  )
  .map(([rest, id, method, idAt, methodAt]) => {
    const entries = Object.entries(rest);
    entries.splice(idAt % (entries.length + 1), 0, ["id", id]);
    entries.splice(methodAt % (entries.length + 1), 0, ["method", method]);
    return { text: JSON.stringify(Object.fromEntries(entries)), id, method };
  });

describe("JsonLineReader", () => {
  it("gives every line as JSON.parse reads it, however the stream is chunked (property)", () => {
    fc.assert(
      fc.property(fc.array(fc.jsonValue({ maxDepth: 5 }), { maxLength: 6 }), fc.array(fc.nat()), (values, cuts) => {
        const text = values.map((v) => `${JSON.stringify(v)}\n`).join("");
        const lines = read(text, 1 << 20, cuts);
        expect(lines).toEqual(values.map((v) => ({ kind: "json", value: JSON.parse(JSON.stringify(v)) })));
      }),
    );
  });

  it("reads the id and method of a line over the limit wherever they stand, chunked anyhow (property)", () => {
    fc.assert(
      fc.property(messageArb, fc.array(fc.nat()), ({ text, id, method }, cuts) => {
        const lines = read(`${text}\n{"after":1}\n`, 1, cuts);
        expect(lines[0]).toEqual({ kind: "oversized", bytes: Buffer.byteLength(text), id, method });
        expect(lines[1]).toEqual({ kind: "oversized", bytes: 11 });
      }),
    );
  });

  it("reads an id that stands in the middle of a frame far over the limit, and keeps going", () => {
    const big = "x".repeat(5_000_000);
    const text = `{"jsonrpc":"2.0","method":"tools/call","id":"req-7","params":{"name":"edit_file","text":"${big}"}}\n{"id":8}\n`;
    const lines = read(text, 4096, [65536, 65536 * 2, 65536 * 3]);
    expect(lines).toEqual([
      { kind: "oversized", bytes: text.indexOf("\n"), id: "req-7", method: "tools/call" },
      { kind: "json", value: { id: 8 } },
    ]);
  });

  it("reads in linear time: a 32 MB line and a 64 MB oversized one, each in 4 KB chunks, within seconds, not minutes", () => {
    // Joining the pending bytes at every chunk would copy about 128 GB for the first (8,192 chunks of a growing
    // buffer) and take minutes; kept as chunks and joined once, it is one pass.
    for (const [size, limit] of [
      [32 * 1024 * 1024, 64 * 1024 * 1024],
      [64 * 1024 * 1024, 1024 * 1024],
    ]) {
      const text = `{"id":1,"text":"${"x".repeat(size)}"}\n`;
      const bytes = Buffer.from(text);
      const lines: JsonLine[] = [];
      const reader = new JsonLineReader(limit, (l) => lines.push(l));
      const started = performance.now();
      for (let at = 0; at < bytes.length; at += 4096) reader.push(bytes.subarray(at, at + 4096));
      reader.end();
      expect(performance.now() - started, `${size} bytes`).toBeLessThan(5000);
      expect(lines).toHaveLength(1);
      if (size < limit) expect((lines[0] as { value: { text: string } }).value.text).toHaveLength(size);
      else expect(lines[0]).toMatchObject({ kind: "oversized", id: 1 });
    }
  });

  it("does not take an id from inside a nested object or a string", () => {
    const text = `{"params":{"id":1,"method":"inner"},"note":"\\"id\\":2","data":["id",3]}`;
    expect(read(`${text}\n`, 10)).toEqual([{ kind: "oversized", bytes: text.length }]);
  });

  it("reports a line that is not JSON with its start, and reads the next line", () => {
    const lines = read(`this is not json\n\n  \n{"id":1}\r\n`, 1000);
    expect(lines).toEqual([
      { kind: "invalid", text: "this is not json", bytes: 16 },
      { kind: "json", value: { id: 1 } },
    ]);
  });

  it("never throws, whatever the bytes (property)", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 400 }), fc.nat({ max: 64 }), fc.array(fc.nat()), (bytes, limit, cuts) => {
        const lines: JsonLine[] = [];
        const reader = new JsonLineReader(limit, (l) => lines.push(l));
        for (const chunk of chunked(Buffer.from(bytes), cuts)) reader.push(chunk);
        reader.end();
        for (const line of lines) expect(["json", "invalid", "oversized"]).toContain(line.kind);
      }),
    );
  });
});

describe("TopLevelScanner", () => {
  it("agrees with JSON.parse on the top-level id and method of any object (property)", () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 5 }), (value) => {
        const scanner = new TopLevelScanner();
        scanner.feed(Buffer.from(JSON.stringify(value)));
        const plain = typeof value === "object" && value !== null && !Array.isArray(value);
        const id = plain ? (value as Record<string, unknown>).id : undefined;
        const method = plain ? (value as Record<string, unknown>).method : undefined;
        const validId = typeof id === "string" || typeof id === "number" || id === null;
        expect(scanner.id).toEqual(validId && JSON.stringify(id).length <= 256 ? id : undefined);
        expect(scanner.method).toEqual(
          typeof method === "string" && JSON.stringify(method).length <= 256 ? method : undefined,
        );
      }),
    );
  });
});
