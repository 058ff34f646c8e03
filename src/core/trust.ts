/**
 * Which project configuration files the user trusts, by content. A project's `.dwim/dwim.toml` arrives with the
 * project (a clone, an archive), so the keys that would widen what dwim may do — grant file access, run a program,
 * send data to an endpoint, place files — are honoured from it only once the user has trusted that exact content,
 * as direnv's `allow` does: `dwim config trust` records the file's SHA-256 here, and any later change to the file
 * needs trusting again. The store lives in the user's configuration directory, which a project cannot write.
 * See README.md, "Security model".
 */
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, realpathSync, renameSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join } from "node:path";

export type TrustState = "trusted" | "untrusted" | "changed";

interface TrustStoreFile {
  version: 1;
  /** Real path of a project's dwim.toml → SHA-256 (hex) of the content the user trusted. */
  files: Record<string, string>;
}

/** `$XDG_CONFIG_HOME/dwim/trusted-projects.json` (default `~/.config/dwim/…`), beside the user's own dwim.toml. */
export function trustStorePath(env: Record<string, string | undefined> = process.env): string {
  const base = env.XDG_CONFIG_HOME || join(homedir(), ".config");
  return join(base, "dwim", "trusted-projects.json");
}

export function contentHash(bytes: Uint8Array | string): string {
  return createHash("sha256").update(bytes).digest("hex");
}

function keyOf(file: string): string {
  try {
    return realpathSync.native(file);
  } catch {
    return file;
  }
}

function readStore(store: string): TrustStoreFile {
  try {
    const parsed = JSON.parse(readFileSync(store, "utf8")) as Partial<TrustStoreFile>;
    if (parsed && typeof parsed.files === "object" && parsed.files !== null) {
      const files: Record<string, string> = {};
      for (const [k, v] of Object.entries(parsed.files)) if (typeof v === "string") files[k] = v;
      return { version: 1, files };
    }
  } catch {
    // Missing or unreadable: nothing is trusted.
  }
  return { version: 1, files: {} };
}

function writeStore(store: string, content: TrustStoreFile): void {
  mkdirSync(dirname(store), { recursive: true, mode: 0o700 });
  const partial = `${store}.${process.pid}.tmp`;
  writeFileSync(partial, `${JSON.stringify(content, null, 2)}\n`, { mode: 0o600 });
  renameSync(partial, store);
}

/** Whether the user trusts this file with exactly this content; `store` null trusts nothing. */
export function trustOf(file: string, content: Uint8Array | string, store: string | null): TrustState {
  if (store === null) return "untrusted";
  const recorded = readStore(store).files[keyOf(file)];
  if (recorded === undefined) return "untrusted";
  return recorded === contentHash(content) ? "trusted" : "changed";
}

/** Records the file's current content as trusted; returns its hash. */
export function trustFile(file: string, store: string): string {
  const hash = contentHash(readFileSync(file));
  const content = readStore(store);
  content.files[keyOf(file)] = hash;
  writeStore(store, content);
  return hash;
}

/** Forgets the file; true when it was trusted. */
export function untrustFile(file: string, store: string): boolean {
  const content = readStore(store);
  const key = keyOf(file);
  if (!(key in content.files)) return false;
  delete content.files[key];
  writeStore(store, content);
  return true;
}
