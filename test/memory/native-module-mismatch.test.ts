/**
 * A native module that does not fit this Node.js (Node upgraded under an installation, a copy from another platform)
 * is reported as what it is, with the rebuild that fixes it, not as a broken database (README: Troubleshooting).
 */
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { storageError } from "../../src/memory/storage-errors.js";

function loadFailure(nativeBinding: string): unknown {
  try {
    new Database(":memory:", { nativeBinding });
  } catch (e) {
    return e;
  }
  throw new Error("the binding loaded");
}

describe("a native module that does not fit this Node.js", () => {
  it("names `npm rebuild better-sqlite3` first when the addon cannot be loaded", () => {
    const garbage = join(tmpdir(), `not-an-addon-${process.pid}.node`);
    writeFileSync(garbage, "this is not a shared object\n");
    const error = storageError(loadFailure(garbage), "/p/.dwim/memory.db").payload;
    expect(error.error_type).toBe("storage_error");
    expect(error.hints?.[0]).toContain("npm rebuild better-sqlite3");
  });

  it("the version mismatch message Node prints names the rebuild too", () => {
    const e = Object.assign(
      new Error(
        "The module 'better_sqlite3.node' was compiled against a different Node.js version using NODE_MODULE_VERSION 115. This version of Node.js requires NODE_MODULE_VERSION 127.",
      ),
      { code: "ERR_DLOPEN_FAILED" },
    );
    expect(storageError(e, "/p/.dwim/memory.db").payload.hints?.[0]).toContain("npm rebuild better-sqlite3");
  });

  it("a database failure keeps its own hints", () => {
    const hints = storageError(new Error("SQLITE_CORRUPT: database disk image is malformed"), "/p/m.db").payload.hints;
    expect(hints?.join(" ")).not.toContain("npm rebuild");
  });
});
