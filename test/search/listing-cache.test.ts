import { chmodSync, mkdirSync, mkdtempSync, realpathSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/core/config.js";
import { searchSection, searchSettings } from "../../src/search/config.js";
import { searchContent } from "../../src/search/content.js";
import { searchFiles } from "../../src/search/files.js";
import { listFiles } from "../../src/search/listing.js";
import { ListingCache, listingCache } from "../../src/search/listing-cache.js";
import { locateRipgrep } from "../../src/search/ripgrep.js";

const rg = locateRipgrep().path;
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) {
    chmodAll(d);
    rmSync(d, { recursive: true, force: true });
  }
});

function chmodAll(d: string): void {
  try {
    chmodSync(d, 0o755);
  } catch {}
}

function tree(files: Record<string, string>, emptyDirs: string[] = []): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "dwim-listing-cache-")));
  dirs.push(root);
  for (const [path, body] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), body);
  }
  for (const d of emptyDirs) mkdirSync(join(root, d), { recursive: true });
  return root;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Stamps this much older than a listing are trusted by the caches below. */
const RACY_MS = 40;
const cacheForTests = (o: ConstructorParameters<typeof ListingCache>[0] = {}) =>
  new ListingCache({ racyMs: RACY_MS, platform: "linux", env: { HOME: join(tmpdir(), "dwim-no-home") }, ...o });

/** What searchContent and searchFiles need to search `root`. */
function searchEnv(root: string) {
  return {
    rg: locateRipgrep(),
    cwd: root,
    roots: [root],
    timeoutMs: 20_000,
    autoRetry: false,
    threshold: 0.8,
    maxRetries: 0,
    maxChars: 100_000,
  };
}

/** Lists `target` under `cwd` with ripgrep and offers the listing to `cache`; resolves once the witness is taken. */
async function listAndKeep(cache: ListingCache, cwd: string, target = ".", flags: string[] = []) {
  await sleep(2 * RACY_MS);
  const startedAt = Date.now();
  const { paths } = await listFiles({ rg, cwd, timeoutMs: 10_000, flags, hidden: false, target });
  await cache.remember("k", { cwd, target, hidden: false, flags }, paths, startedAt);
  return paths;
}

describe("listing cache: a kept listing is reused only while nothing that decides it has changed", () => {
  it("keeps a listing and gives it back while the tree is unchanged", async () => {
    const root = tree({ "a/one.txt": "1", "b/c/two.txt": "2" });
    const cache = cacheForTests();
    const paths = await listAndKeep(cache, root);
    expect([...paths].map((p) => p.replace(/^\.\//u, "")).sort()).toEqual(["a/one.txt", "b/c/two.txt"]);
    expect(cache.lookup("k")).toEqual(paths);
    expect(cache.lookup("other key")).toBeUndefined();
  });

  it("a file added, removed or renamed in a listed directory invalidates it", async () => {
    for (const change of [
      (root: string) => writeFileSync(join(root, "b/c/new.txt"), "n"),
      (root: string) => rmSync(join(root, "a/one.txt")),
      (root: string) => renameSync(join(root, "a/one.txt"), join(root, "a/uno.txt")),
    ]) {
      const root = tree({ "a/one.txt": "1", "b/c/two.txt": "2" });
      const cache = cacheForTests();
      await listAndKeep(cache, root);
      expect(cache.lookup("k")).toBeDefined();
      change(root);
      expect(cache.lookup("k")).toBeUndefined();
    }
  });

  it("a file created deep inside directories that held no listed file invalidates it", async () => {
    const root = tree({ "a/one.txt": "1" }, ["a/empty/deeper/deepest", "lonely/x"]);
    for (const place of ["a/empty/deeper/deepest/new.txt", "lonely/x/new.txt"]) {
      const cache = cacheForTests();
      await listAndKeep(cache, root);
      expect(cache.lookup("k")).toBeDefined();
      writeFileSync(join(root, place), "n");
      expect(cache.lookup("k"), place).toBeUndefined();
      rmSync(join(root, place));
    }
  });

  it("an edited ignore file invalidates it, though no directory changed", async () => {
    const root = tree({ ".ignore": "*.log\n", "keep.txt": "k", "skip.log": "s" });
    const cache = cacheForTests();
    const paths = await listAndKeep(cache, root);
    expect([...paths].map((p) => p.replace(/^\.\//u, "")).sort()).toEqual(["keep.txt"]);
    writeFileSync(join(root, ".ignore"), "*.tmp\n");
    expect(cache.lookup("k")).toBeUndefined();
  });

  it("an ignore file created in a parent of the searched directory invalidates it", async () => {
    const outer = tree({ "inner/a.txt": "a", "inner/b.log": "b" });
    const inner = join(outer, "inner");
    const cache = cacheForTests();
    await listAndKeep(cache, inner);
    expect(cache.lookup("k")).toBeDefined();
    writeFileSync(join(outer, ".ignore"), "*.log\n");
    expect(cache.lookup("k")).toBeUndefined();
  });

  it("what ripgrep never reads leaves it valid: a sibling of the searched directory, git's own files", async () => {
    const outer = tree({ "inner/a.txt": "a", "inner/.git/HEAD": "ref" });
    const inner = join(outer, "inner");
    const cache = cacheForTests();
    await listAndKeep(cache, inner);
    writeFileSync(join(outer, "unrelated.txt"), "u");
    writeFileSync(join(inner, ".git/index.lock"), "l");
    expect(cache.lookup("k")).toBeDefined();
  });

  it("a hidden directory a glob names is watched: ripgrep enters it", async () => {
    const root = tree({ "a.txt": "a" }, [".hid.txt/sub"]);
    const cache = cacheForTests();
    const paths = await listAndKeep(cache, root, ".", ["--glob=*.txt"]);
    expect(paths.map((p) => p.replace(/^\.\//u, ""))).toEqual(["a.txt"]);
    writeFileSync(join(root, ".hid.txt/sub/new.txt"), "n");
    expect(cache.lookup("k")).toBeUndefined();
    const { paths: now } = await listFiles({
      rg,
      cwd: root,
      timeoutMs: 10_000,
      flags: ["--glob=*.txt"],
      hidden: false,
      target: ".",
    });
    expect(now.map((p) => p.replace(/^\.\//u, "")).sort()).toEqual([".hid.txt/sub/new.txt", "a.txt"]);
  });

  it("a directory made unreadable invalidates it", async () => {
    const root = tree({ "a/one.txt": "1", "b/two.txt": "2" });
    const cache = cacheForTests();
    await listAndKeep(cache, root);
    chmodSync(join(root, "b"), 0o000);
    try {
      expect(cache.lookup("k")).toBeUndefined();
    } finally {
      chmodSync(join(root, "b"), 0o755);
    }
  });

  it("a listing found changed is not witnessed again at once (a tree being edited is not read at every search)", async () => {
    const root = tree({ "a/one.txt": "1" });
    const cache = cacheForTests();
    await listAndKeep(cache, root);
    writeFileSync(join(root, "a/two.txt"), "2");
    expect(cache.lookup("k")).toBeUndefined();
    await listAndKeep(cache, root);
    expect(cache.size).toBe(0);
  });

  it("keeps nothing when a stamp is as recent as the listing (a change during the walk could hide)", async () => {
    const root = tree({ "a/one.txt": "1" });
    const cache = cacheForTests({ racyMs: 60_000 });
    await listAndKeep(cache, root);
    expect(cache.size).toBe(0);
    expect(cache.lookup("k")).toBeUndefined();
  });

  it("keeps nothing for a tree with more directories than it checks, off Linux, with git's own excludes file or a flag that is not about names", async () => {
    const root = tree({ "a/one.txt": "1", "b/two.txt": "2", "c/three.txt": "3" });
    const small = cacheForTests({ maxEntries: 3 });
    await listAndKeep(small, root);
    expect(small.size).toBe(0);
    const mac = cacheForTests({ platform: "darwin" });
    await listAndKeep(mac, root);
    expect(mac.size).toBe(0);
    const home = tree({ ".gitconfig": "[core]\n\texcludesFile = ~/.my-excludes\n" });
    const configured = cacheForTests({ env: { HOME: home } });
    await listAndKeep(configured, root);
    expect(configured.size).toBe(0);
    for (const flag of ["--max-filesize=10", "--follow"]) {
      const flagged = cacheForTests();
      await listAndKeep(flagged, root, ".", [flag]);
      expect(flagged.size, flag).toBe(0);
    }
    const globbed = cacheForTests();
    await listAndKeep(globbed, root, ".", ["--glob=*.txt", "--max-depth=4"]);
    expect(globbed.size).toBe(1);
    // The same tree, none of those: kept.
    const plain = cacheForTests();
    await listAndKeep(plain, root);
    expect(plain.size).toBe(1);
  });

  it("a search finds a path-only match in a file created after its listing was kept", async () => {
    const root = tree({ "src/alpha.txt": "alpha line\n" }, ["src/quiet/deeper"]);
    // The shared cache trusts stamps older than a second before the listing.
    await sleep(1_200);
    const env = searchEnv(root);
    const before = await searchContent({ fuzzy_filter: "zebrafile line" }, env);
    expect(before.matches).toEqual([]);
    await listingCache.idle();
    expect(listingCache.size).toBeGreaterThan(0);
    const again = await searchContent({ fuzzy_filter: "zebrafile line" }, env);
    expect(again.matches).toEqual([]);
    // The new file's lines lack "zebrafile": only its path holds it, and no listed directory changed.
    writeFileSync(join(root, "src/quiet/deeper/zebrafile.txt"), "first line\n");
    const after = await searchContent({ fuzzy_filter: "zebrafile line" }, env);
    expect(after.matches.map((m) => `${m.file}:${m.line}`)).toEqual(["src/quiet/deeper/zebrafile.txt:1"]);
  });

  it("fuzzy_search_files shares the kept listing and sees a file added after it was kept", async () => {
    const root = tree({ "src/alpha.txt": "a\n" }, ["src/quiet/deeper"]);
    await sleep(1_200);
    const env = searchEnv(root);
    await listingCache.idle();
    const before = listingCache.size;
    expect((await searchFiles({ fuzzy_filter: "zebra" }, env)).matches).toEqual([]);
    await listingCache.idle();
    // The files tool keeps its listing too (and its zero-result probe, with hidden files, another one); fewer than
    // four were kept before, one per tree of this file's earlier tests.
    expect(listingCache.size).toBeGreaterThan(before);
    expect((await searchFiles({ fuzzy_filter: "alpha" }, env)).matches.map((m) => m.file)).toEqual(["src/alpha.txt"]);
    writeFileSync(join(root, "src/quiet/deeper/zebra.txt"), "z\n");
    expect((await searchFiles({ fuzzy_filter: "zebra" }, env)).matches.map((m) => m.file)).toEqual([
      "src/quiet/deeper/zebra.txt",
    ]);
  });

  it("[search] listing_cache = false (DWIM_SEARCH_LISTING_CACHE) keeps no listing", async () => {
    const cfg = (env: Record<string, string>) =>
      searchSettings(loadConfig({ userFile: null, projectFile: null, env, sections: [searchSection] }));
    expect(cfg({}).listingCache).toBe(true);
    expect(cfg({ DWIM_SEARCH_LISTING_CACHE: "false" }).listingCache).toBe(false);
    const root = tree({ "src/alpha.txt": "alpha line\n" });
    await sleep(1_200);
    const env = searchEnv(root);
    await listingCache.idle();
    const before = listingCache.size;
    await searchContent({ fuzzy_filter: "alpha" }, { ...env, listingCache: false });
    await listingCache.idle();
    expect(listingCache.size).toBe(before);
    await searchContent({ fuzzy_filter: "alpha" }, env);
    await listingCache.idle();
    expect(listingCache.size).toBe(Math.min(before + 1, 4));
  });

  it("whatever happens to the tree, a kept listing given back equals a fresh one (property)", async () => {
    const names = ["a", "b", "sub", ".hid", "x.log", "y.txt", "z.txt"];
    const segment = fc.constantFrom(...names);
    const relPath = fc.array(segment, { minLength: 1, maxLength: 4 }).map((p) => p.join("/"));
    const change = fc.oneof(
      fc.record({ kind: fc.constant("add" as const), path: relPath }),
      fc.record({ kind: fc.constant("remove" as const), pick: fc.nat() }),
      fc.record({ kind: fc.constant("rename" as const), pick: fc.nat(), to: relPath }),
      fc.record({ kind: fc.constant("mkdir" as const), path: relPath }),
      fc.record({ kind: fc.constant("rewrite" as const), pick: fc.nat() }),
      fc.record({
        kind: fc.constant("ignore" as const),
        // Few places, so that a later change often edits an ignore file an earlier one created.
        dir: fc.constantFrom("", "a", "sub"),
        file: fc.constantFrom(".ignore", ".gitignore"),
        rule: fc.constantFrom("*.log", "b", "sub/", "!x.log", "z.txt", ""),
      }),
    );
    const start = fc.array(relPath, { minLength: 1, maxLength: 8 });
    const flagsArb = fc.constantFrom<string[]>([], ["--glob=*.txt"], ["--glob=*.txt", "--max-depth=3"]);
    let reused = 0;
    await fc.assert(
      fc.asyncProperty(
        start,
        fc.array(change, { minLength: 1, maxLength: 5 }),
        flagsArb,
        async (files, changes, flags) => {
          const root = tree({});
          const put = (rel: string, body: string) => {
            try {
              mkdirSync(dirname(join(root, rel)), { recursive: true });
              writeFileSync(join(root, rel), body);
            } catch {
              // A file where a directory is wanted (or the reverse): that change does not happen.
            }
          };
          for (const f of files) put(f, "x");
          let cache = cacheForTests();
          await listAndKeep(cache, root, ".", flags);
          const fresh = async () =>
            (await listFiles({ rg, cwd: root, timeoutMs: 10_000, flags, hidden: false, target: "." })).paths
              .slice()
              .sort();
          const existing = async () => (await fresh()).map((p) => p.replace(/^\.\//u, ""));
          for (const c of changes) {
            const listed = await existing();
            const pick = (n: number) => (listed.length > 0 ? listed[n % listed.length] : undefined);
            try {
              if (c.kind === "add") put(c.path, "n");
              else if (c.kind === "mkdir") mkdirSync(join(root, c.path), { recursive: true });
              else if (c.kind === "remove") {
                const p = pick(c.pick);
                if (p) rmSync(join(root, p));
              } else if (c.kind === "rename") {
                const p = pick(c.pick);
                if (p) {
                  mkdirSync(dirname(join(root, c.to)), { recursive: true });
                  renameSync(join(root, p), join(root, c.to));
                }
              } else if (c.kind === "rewrite") {
                const p = pick(c.pick);
                if (p) writeFileSync(join(root, p), "changed contents");
              } else put(join(c.dir, c.file), `${c.rule}\n`);
            } catch {
              // As above: a change the tree cannot take is skipped.
            }
            const kept = cache.lookup("k");
            if (kept) {
              reused++;
              expect([...kept].sort(), JSON.stringify({ files, changes, flags })).toEqual(await fresh());
            } else {
              // Keep the changed tree's listing, so the next change tests a witness taken after this one.
              cache = cacheForTests();
              await listAndKeep(cache, root, ".", flags);
            }
          }
        },
      ),
      { numRuns: 30 },
    );
    // Some changes (rewriting a file's contents) leave the listing valid: the property is not vacuous.
    expect(reused).toBeGreaterThan(0);
  }, 60_000);
});
