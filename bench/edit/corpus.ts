/**
 * The bench corpus: real source files that are not ours, installed from Debian by the bench itself (never committed):
 * golang-1.19-src (tabs), node-typescript (large JS/TS), libpython3.11-stdlib (`\n` literals), texlive-latex-base
 * (backslash commands).
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { extname, join } from "node:path";

export interface Corpus {
  name: string;
  package: string;
  root: string;
  exts: readonly string[];
}

const CORPORA: readonly Corpus[] = [
  { name: "go", package: "golang-1.19-src", root: "/usr/share/go-1.19/src", exts: [".go"] },
  { name: "typescript", package: "node-typescript", root: "/usr/share/nodejs/typescript", exts: [".js", ".ts"] },
  { name: "python", package: "libpython3.11-stdlib", root: "/usr/lib/python3.11", exts: [".py"] },
  {
    name: "latex",
    package: "texlive-latex-base",
    root: "/usr/share/texlive/texmf-dist/tex/latex/base",
    exts: [".cls", ".sty", ".ltx", ".clo", ".def", ".tex"],
  },
];

/** Installs the missing packages with apt-get (needs root); returns the corpora that are present afterwards. */
export function ensureCorpora(log: (s: string) => void): Corpus[] {
  const missing = CORPORA.filter((c) => !existsSync(c.root));
  if (missing.length > 0) {
    log(`Installing ${missing.map((c) => c.package).join(", ")} with apt-get…`);
    const update = spawnSync("apt-get", ["update"], { stdio: "ignore" });
    if (update.status === 0) {
      spawnSync("apt-get", ["install", "-y", "--no-install-recommends", ...missing.map((c) => c.package)], {
        stdio: "ignore",
      });
    }
  }
  const present = CORPORA.filter((c) => existsSync(c.root));
  const absent = CORPORA.filter((c) => !present.includes(c));
  for (const c of absent) log(`Corpus ${c.name} unavailable (${c.package} not installed; it is read at ${c.root})`);
  if (absent.length > 0) {
    log(
      `Next step: as root on Debian 12 (bookworm), run  apt-get install -y --no-install-recommends ${absent.map((c) => c.package).join(" ")}  and rerun \`npm run bench -- edit\`.`,
    );
  }
  return present;
}

export interface SourceFile {
  corpus: string;
  path: string;
  text: string;
}

function walk(dir: string, exts: readonly string[], out: string[], depth = 0): void {
  if (depth > 8) return;
  let entries: import("node:fs").Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const e of entries) {
    const p = join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name === "testdata" || e.name.startsWith(".")) continue;
      walk(p, exts, out, depth + 1);
    } else if (e.isFile() && exts.includes(extname(e.name))) out.push(p);
  }
}

/** Text files of 1 KB – 1 MB, sorted by path (the generator's RNG picks among them). */
export function listFiles(c: Corpus): string[] {
  const all: string[] = [];
  walk(c.root, c.exts, all);
  return all
    .filter((p) => {
      try {
        const s = statSync(p).size;
        return s >= 1024 && s <= 1 << 20;
      } catch {
        return false;
      }
    })
    .sort();
}

export function readSource(corpus: string, path: string): SourceFile | undefined {
  const buf = readFileSync(path);
  if (buf.includes(0)) return undefined;
  const text = buf.toString("utf8");
  if (text.includes("\uFFFD") || text.includes("\r")) return undefined;
  return { corpus, path, text };
}
