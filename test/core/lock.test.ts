/**
 * The edit lock's staleness is proven: a live holder keeps it, a dead one (or a reused pid) loses it at once. What
 * cannot be checked (another host) is judged by the record's age, which the holder refreshes every 2 s.
 */
import { mkdirSync, mkdtempSync, readdirSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { FileLock, processStart } from "../../src/core/lock.js";

function place() {
  const dir = mkdtempSync(join(tmpdir(), "dwim-lock-"));
  return { dir, at: (n: string) => join(dir, n), self: () => dir };
}

/** A lock left by another process. */
function planted(p: ReturnType<typeof place>, owner: Record<string, unknown> | string, ageSeconds = 0): void {
  mkdirSync(p.at("f.lock"));
  writeFileSync(p.at("f.lock/owner"), typeof owner === "string" ? owner : JSON.stringify(owner));
  const then = new Date(Date.now() - ageSeconds * 1000);
  utimesSync(p.at("f.lock/owner"), then, then);
  utimesSync(p.at("f.lock"), then, then);
}

describe("FileLock", () => {
  it("is held by one holder at a time, and free again once released, leaving nothing behind", () => {
    const p = place();
    const a = FileLock.tryAcquire(p, "f.lock");
    expect(a?.held()).toBe(true);
    expect(FileLock.tryAcquire(p, "f.lock")).toBeUndefined();
    a?.release();
    expect(readdirSync(p.dir)).toEqual([]);
    const b = FileLock.tryAcquire(p, "f.lock");
    expect(b?.held()).toBe(true);
    b?.release();
  });

  it("is kept by a live holder however old its record (a paused process)", () => {
    const p = place();
    planted(p, { pid: process.pid, start: processStart(process.pid), host: hostname(), token: "x" }, 3600);
    expect(FileLock.tryAcquire(p, "f.lock")).toBeUndefined();
  });

  it("is taken over at once from a dead holder, or from a pid now running another process", () => {
    for (const owner of [
      { pid: 2 ** 22 + 17, start: "1", host: hostname(), token: "dead" },
      { pid: process.pid, start: "0", host: hostname(), token: "reused" },
    ]) {
      const p = place();
      planted(p, owner);
      const lock = FileLock.tryAcquire(p, "f.lock");
      expect(lock?.held(), owner.token).toBe(true);
      lock?.release();
    }
  });

  it("judges what it cannot check by time: another host's record after 30 s, an unreadable one after 10 s", () => {
    const p = place();
    planted(p, { pid: 1, host: "elsewhere", token: "remote" }, 5);
    expect(FileLock.tryAcquire(p, "f.lock")).toBeUndefined();
    const q = place();
    planted(q, { pid: 1, host: "elsewhere", token: "remote" }, 31);
    expect(FileLock.tryAcquire(q, "f.lock")?.held()).toBe(true);
    const r = place();
    planted(r, "not json", 11);
    expect(FileLock.tryAcquire(r, "f.lock")?.held()).toBe(true);
  });

  it("refreshes its record every 2 s while held, which another host judges it by", () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    try {
      const p = place();
      const a = FileLock.tryAcquire(p, "f.lock");
      const old = new Date(Date.now() - 60_000);
      utimesSync(p.at("f.lock/owner"), old, old);
      vi.advanceTimersByTime(1900);
      expect(Date.now() - statSync(p.at("f.lock/owner")).mtimeMs).toBeGreaterThan(50_000);
      vi.advanceTimersByTime(200);
      expect(Date.now() - statSync(p.at("f.lock/owner")).mtimeMs).toBeLessThan(5_000);
      a?.release();
    } finally {
      vi.useRealTimers();
    }
  });

  it("says it is lost once another holder's record replaced its own", () => {
    const p = place();
    const a = FileLock.tryAcquire(p, "f.lock");
    writeFileSync(p.at("f.lock/owner"), JSON.stringify({ pid: 1, host: hostname(), token: "other" }));
    expect(a?.held()).toBe(false);
    a?.release();
    // Not its lock: release leaves it.
    expect(readdirSync(p.dir)).toEqual(["f.lock"]);
  });
});
