/**
 * Listings kept from one search to the next, each reused only while nothing that decides it has changed.
 *
 * `rg --files` is a second walk of the tree beside the scan (on the Rust corpus, 22,331 files in 3,781 directories:
 * 60 ms of CPU on the cores the scan needs). What it prints depends only on the names in the directories ripgrep
 * enters and on the ignore rules, so a listing is kept with a witness of stamps (device, inode, mtime, ctime, size):
 * - every directory that holds a listed file, and every directory below those that holds none (found by reading
 *   them, to any depth; hidden ones only where ripgrep could enter them): adding, removing or renaming an entry
 *   changes its directory's mtime and ctime, and a chmod its ctime;
 * - every ignore file in them and in the root's ancestors, and git's global ones, present or absent: editing one
 *   changes its own stamp, creating one makes it exist;
 * - whether each ancestor holds a .git (only that: its stamp changes with every git command).
 * Reuse needs every stamp unchanged, which a loop of stat calls checks in a few milliseconds.
 *
 * Where that reasoning could fail, nothing is kept:
 * - a stamp within RACY_MS of the listing's start (a change during the walk could leave the same stamp, as git's
 *   "racy" index entries do);
 * - a filesystem whose stamps another host may change or that caches them (only local Linux filesystems qualify);
 * - a git configuration naming its own excludes file;
 * - a flag that chooses files by anything but names (a size cap, --follow);
 * - more than `maxEntries` stamps to check (the check runs on the event loop).
 */
import { readFileSync, statfsSync, statSync } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import { homedir } from "node:os";
import { dirname, join, relative, resolve, sep } from "node:path";
import { FILE_SELECTION_FLAGS, type ListOptions, listFiles, listingKey, nameFlags } from "./listing.js";
import type { RgRunResult } from "./ripgrep.js";

/** statfs magic numbers of local filesystems whose directory stamps change with every entry change. */
const LOCAL_FILESYSTEMS = new Set([
  0xef53, // ext2/3/4
  0x58465342, // xfs
  0x9123683e, // btrfs
  0x01021994, // tmpfs
  0x794c7630, // overlayfs
  0x2fc12fc1, // zfs
  0xf2f52010, // f2fs
]);

const IGNORE_FILES = [".gitignore", ".ignore", ".rgignore"];

/** File-selection flags whose effect on a listing depends only on names, ignore files and the tree's shape. */
const NAME_ONLY_FLAGS = [...FILE_SELECTION_FLAGS.filter((f) => f !== "--max-filesize"), "--hidden"];

/** How recent a stamp may be, relative to the listing's start, and still be trusted. */
const RACY_MS = 1_000;

/** Stamps checked per reuse at most: about 1.5 µs each, on the event loop. */
const MAX_WITNESS_ENTRIES = 10_000;

/**
 * When a witness is not taken again for a key, after: a tree too large to check; stamps too recent to trust; a kept
 * listing found changed (a tree being edited would otherwise be read for a new witness at every search).
 */
const RETRY_MS = { tooLarge: 60_000, untrusted: 2_000, changed: 5_000 };

const KEPT_LISTINGS = 4;

/** Each path's stamp, and whether only its existence counts. */
type Witness = Array<[path: string, stamp: string, existenceOnly: boolean]>;

interface Kept {
  paths: readonly string[];
  witness: Witness;
}

export interface ListingCacheOptions {
  racyMs?: number;
  maxEntries?: number;
  /** Defaults to the process's; the cache is off elsewhere than on Linux. */
  platform?: NodeJS.Platform;
  env?: NodeJS.ProcessEnv;
}

/** Where a listing came from: the search's working directory, the target ripgrep walked, and how. */
export interface ListingPlace {
  cwd: string;
  target: string;
  /** Hidden files and directories were listed (`--hidden`). */
  hidden: boolean;
  /** The listing's file-selection flags. */
  flags: readonly string[];
}

/** dev, inode, mtime, ctime and size, or "-" for a path that does not exist. */
function stampOf(s: { dev: number; ino: number; mtimeMs: number; ctimeMs: number; size: number } | undefined): string {
  return s ? `${s.dev}:${s.ino}:${s.mtimeMs}:${s.ctimeMs}:${s.size}` : "-";
}

function existence(s: { isDirectory(): boolean } | undefined): string {
  return s ? (s.isDirectory() ? "dir" : "other") : "-";
}

function stampNow(path: string, existenceOnly = false): string {
  try {
    const s = statSync(path, { throwIfNoEntry: false });
    return existenceOnly ? existence(s) : stampOf(s);
  } catch {
    // Unreadable now: no stamp can equal this one.
    return "!";
  }
}

class TooLarge extends Error {}
class Untrusted extends Error {}

export class ListingCache {
  private readonly kept = new Map<string, Kept>();
  private readonly building = new Map<string, Promise<void>>();
  private readonly retryAt = new Map<string, number>();
  private readonly racyMs: number;
  private readonly maxEntries: number;
  private readonly enabled: boolean;
  private readonly env: NodeJS.ProcessEnv;

  constructor(o: ListingCacheOptions = {}) {
    this.racyMs = o.racyMs ?? RACY_MS;
    this.maxEntries = o.maxEntries ?? MAX_WITNESS_ENTRIES;
    this.enabled = (o.platform ?? process.platform) === "linux";
    this.env = o.env ?? process.env;
  }

  /** Listings kept now. */
  get size(): number {
    return this.kept.size;
  }

  /** Resolves once every witness being taken is done (tests). */
  async idle(): Promise<void> {
    await Promise.all(this.building.values());
  }

  private fullKey(key: string): string {
    // Git's global files are found through these.
    return JSON.stringify([key, this.env.HOME ?? "", this.env.XDG_CONFIG_HOME ?? ""]);
  }

  /** The kept listing for `key`, if every stamp of its witness is unchanged. */
  lookup(key: string): readonly string[] | undefined {
    key = this.fullKey(key);
    const kept = this.kept.get(key);
    if (!kept) return undefined;
    for (const [path, stamp, existenceOnly] of kept.witness) {
      if (stampNow(path, existenceOnly) !== stamp) {
        this.kept.delete(key);
        this.retryAt.set(key, Date.now() + RETRY_MS.changed);
        return undefined;
      }
    }
    return kept.paths;
  }

  /**
   * Keeps a listing ripgrep just printed, once its witness is taken (in the background; the promise never rejects,
   * and a failure keeps nothing). `startedAt` is when the listing's walk began.
   */
  remember(key: string, place: ListingPlace, paths: readonly string[], startedAt: number): Promise<void> {
    key = this.fullKey(key);
    if (!this.enabled || this.building.has(key)) return Promise.resolve();
    if (Date.now() < (this.retryAt.get(key) ?? 0)) return Promise.resolve();
    this.retryAt.delete(key);
    const build = this.witness(place, paths, startedAt).then(
      (witness) => {
        this.kept.delete(key);
        this.kept.set(key, { paths, witness });
        while (this.kept.size > KEPT_LISTINGS) this.kept.delete(this.kept.keys().next().value as string);
      },
      (e: unknown) => {
        // Anything unexpected (a directory gone mid-walk, an odd error) only means nothing is kept.
        this.retryAt.set(key, Date.now() + (e instanceof TooLarge ? RETRY_MS.tooLarge : RETRY_MS.untrusted));
        if (this.retryAt.size > 64) this.retryAt.delete(this.retryAt.keys().next().value as string);
      },
    );
    const done = build.finally(() => this.building.delete(key));
    this.building.set(key, done);
    return done;
  }

  private async witness(place: ListingPlace, paths: readonly string[], startedAt: number): Promise<Witness> {
    // Flags that choose files by anything but names (a size cap: contents; --follow: other trees) are not witnessed.
    if (!place.flags.every((f) => NAME_ONLY_FLAGS.includes(f.split("=")[0]))) throw new Untrusted();
    const root = resolve(place.cwd, place.target);
    let fsType: number;
    try {
      fsType = Number(statfsSync(root).type);
    } catch {
      throw new Untrusted();
    }
    if (!LOCAL_FILESYSTEMS.has(fsType)) throw new Untrusted();
    const witness: Witness = [];
    const statOf = async (path: string) => {
      if (witness.length >= this.maxEntries) throw new TooLarge();
      try {
        return await stat(path);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== "ENOENT") throw new Untrusted();
        return undefined;
      }
    };
    const add = async (path: string) => {
      const s = await statOf(path);
      if (s && Math.max(s.mtimeMs, s.ctimeMs) >= startedAt - this.racyMs) throw new Untrusted();
      witness.push([path, stampOf(s), false]);
    };
    /** Only whether it exists: a .git directory's own stamp changes with every git command. */
    const addExistence = async (path: string) => {
      witness.push([path, existence(await statOf(path)), true]);
    };

    // Git's global configuration and excludes, which ripgrep reads too.
    const home = this.env.HOME ?? homedir();
    const xdg = this.env.XDG_CONFIG_HOME || join(home, ".config");
    for (const config of [join(home, ".gitconfig"), join(xdg, "git", "config")]) {
      let text = "";
      try {
        text = readFileSync(config, "utf8");
      } catch {}
      if (/excludesfile/iu.test(text)) throw new Untrusted();
      await add(config);
    }
    await add(join(xdg, "git", "ignore"));

    // The root's ancestors: their ignore files apply below them (absent ones are stamped too: creating one counts),
    // and a .git marks where a repository's rules start. Their own stamps change with unrelated siblings: not kept.
    for (let dir = dirname(root); ; dir = dirname(dir)) {
      for (const name of IGNORE_FILES) await add(join(dir, name));
      await add(join(dir, ".git", "info", "exclude"));
      await addExistence(join(dir, ".git"));
      if (dirname(dir) === dir) break;
    }

    // Every directory holding a listed file, up to the root.
    const listed = new Set<string>([root]);
    for (const p of paths) {
      for (let dir = dirname(resolve(place.cwd, p)); dir.startsWith(root) && !listed.has(dir); dir = dirname(dir)) {
        if (relative(root, dir).startsWith("..")) break;
        listed.add(dir);
      }
    }
    // Read each: its ignore files, and the directories below it that hold no listed file (walked to any depth).
    // ripgrep never enters a hidden directory unless told to list hidden files or a glob names it.
    const skipHidden = !place.hidden && !place.flags.some((f) => /^--i?glob=/u.test(f));
    const queue = [...listed];
    for (let i = 0; i < queue.length; i++) {
      const dir = queue[i];
      await add(dir);
      let entries: import("node:fs").Dirent[];
      try {
        entries = await readdir(dir, { withFileTypes: true });
      } catch {
        throw new Untrusted();
      }
      for (const e of entries) {
        const path = `${dir}${dir.endsWith(sep) ? "" : sep}${e.name}`;
        if (IGNORE_FILES.includes(e.name)) await add(path);
        else if (e.name === ".git") await add(join(path, "info", "exclude"));
        if (e.isDirectory() && !listed.has(path) && !(skipHidden && e.name.startsWith("."))) {
          listed.add(path);
          queue.push(path);
          if (queue.length > this.maxEntries) throw new TooLarge();
        }
      }
    }
    return witness;
  }
}

/** The one cache searches share. */
export const listingCache = new ListingCache();

/** What a clean `rg --files` run reports: a kept listing stands for one. */
const CLEAN_LISTING: RgRunResult = { exitCode: 0, stderr: "", timedOut: false, stoppedEarly: false, aborted: false };

/**
 * The files to search: the listing kept from an earlier call while its witness holds, else ripgrep's, kept for the
 * next call when it ran cleanly.
 */
export async function listOrReuse(
  o: ListOptions,
  useCache: boolean,
): Promise<{ paths: readonly string[]; run: RgRunResult }> {
  const flags = nameFlags(o);
  const key = listingKey(o);
  const kept = useCache ? listingCache.lookup(key) : undefined;
  if (kept) {
    if (o.onPaths) o.onPaths(kept);
    else if (o.onPath) for (const p of kept) o.onPath(p);
    return { paths: kept, run: CLEAN_LISTING };
  }
  const startedAt = Date.now();
  const list = await listFiles(o);
  const r = list.run;
  if (useCache && r.exitCode === 0 && r.stderr === "" && !r.timedOut && !r.aborted && !r.stoppedEarly)
    void listingCache.remember(key, { cwd: o.cwd, target: o.target, hidden: o.hidden, flags }, list.paths, startedAt);
  return list;
}
