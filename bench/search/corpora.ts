/**
 * The corpora of the search benchmark, installed from Debian with apt-get when missing (never by `npm test`): the Go
 * 1.19 standard library (golang-1.19-src) and the Rust 1.63 compiler and standard library (rust-src), plus the
 * baselines' binaries (Debian's ripgrep 13 and fzf 0.38).
 */
import { spawnSync } from "node:child_process";
import { existsSync, realpathSync } from "node:fs";
import { join } from "node:path";

export interface Corpus {
  name: string;
  /** Debian package that ships it. */
  pkg: string;
  /** Working directory of every run, and the path searched inside it. */
  cwd: string;
  path: string;
  glob: string;
}

export const GO: Corpus = { name: "Go", pkg: "golang-1.19-src", cwd: "/usr/share/go-1.19", path: "src", glob: "*.go" };

/** rust-src installs /usr/src/rustc-<version>, linked from /usr/lib/rustlib/src/rust. */
export function rust(): Corpus {
  const link = "/usr/lib/rustlib/src/rust";
  const cwd = existsSync(link) ? realpathSync(link) : link;
  return { name: "Rust", pkg: "rust-src", cwd, path: ".", glob: "*.rs" };
}

function have(cmd: string): boolean {
  return spawnSync("sh", ["-c", 'command -v "$0"', cmd], { encoding: "utf8" }).status === 0;
}

/** Installs what is missing; stops the benchmark when apt cannot provide it. */
export function ensureInstalled(corpora: readonly Corpus[]): void {
  const missing = corpora.filter((c) => !existsSync(join(c.cwd, c.path))).map((c) => c.pkg);
  if (!have("rg")) missing.push("ripgrep");
  if (!have("fzf")) missing.push("fzf");
  if (missing.length === 0) return;
  process.stderr.write(`Installing ${missing.join(", ")} with apt-get…\n`);
  spawnSync("apt-get", ["update"], { stdio: "inherit" });
  const r = spawnSync("apt-get", ["install", "-y", ...missing], {
    stdio: "inherit",
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
  if (r.status !== 0) {
    process.stderr.write(
      `Could not install ${missing.join(", ")}. Next step: as root on Debian 12 (bookworm), run\n` +
        `  apt-get install -y ${missing.join(" ")}\n` +
        `then rerun \`npm run bench -- search\`. The corpora are read where Debian puts them (${GO.cwd}/${GO.path}, ` +
        `${rust().cwd}); another system needs those two source trees at those paths, and rg and fzf on PATH.\n`,
    );
    process.exit(2);
  }
}

/** Files and non-empty lines the glob selects (as the benchmark's runs see them). */
export function corpusSize(c: Corpus): { files: number; lines: number } {
  const files = spawnSync("rg", ["--files", "-g", c.glob, c.path], {
    cwd: c.cwd,
    encoding: "utf8",
    maxBuffer: 1 << 28,
  });
  const counts = spawnSync("rg", ["-c", "--no-filename", "-g", c.glob, ".", c.path], {
    cwd: c.cwd,
    encoding: "utf8",
    maxBuffer: 1 << 28,
  });
  const sum = counts.stdout
    .split("\n")
    .filter((l) => l !== "")
    .reduce((n, l) => n + Number(l), 0);
  return { files: files.stdout.split("\n").filter((l) => l !== "").length, lines: sum };
}
