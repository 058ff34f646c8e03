/**
 * The version of each file this session last saw: what read_file served, or what edit_file wrote. An edit is checked
 * against it, so lines someone else changed since are never overwritten unseen (docs/edit.md, "Stale reads").
 * Kept per session within a byte budget; the least recently seen versions are forgotten first.
 */
import type { ToolContext } from "../core/tool.js";

export interface SeenVersion {
  sha256: string;
  bytes: Buffer;
}

/** Bytes of file versions one session keeps (a file larger than this is remembered by nothing). */
const SESSION_BUDGET = 32 * 1024 * 1024;

export class SeenVersions {
  /** In the order they were last seen: a Map keeps insertion order. */
  private readonly byPath = new Map<string, SeenVersion>();
  private total = 0;

  constructor(private readonly budget = SESSION_BUDGET) {}

  remember(absolute: string, bytes: Buffer, sha256: string): void {
    this.forget(absolute);
    if (bytes.length > this.budget) return;
    this.byPath.set(absolute, { sha256, bytes });
    this.total += bytes.length;
    for (const [path, v] of this.byPath) {
      if (this.total <= this.budget) break;
      this.byPath.delete(path);
      this.total -= v.bytes.length;
    }
  }

  get(absolute: string): SeenVersion | undefined {
    return this.byPath.get(absolute);
  }

  private forget(absolute: string): void {
    const v = this.byPath.get(absolute);
    if (!v) return;
    this.byPath.delete(absolute);
    this.total -= v.bytes.length;
  }
}

export function seenVersions(ctx: Pick<ToolContext, "session">): SeenVersions {
  return ctx.session.get("edit.versions", () => new SeenVersions());
}
