/** A small source tree written for the search tests, and a SearchEnv over it. */
import { chmodSync, mkdirSync, mkdtempSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { SearchEnv } from "../../src/search/content.js";
import { locateRipgrep } from "../../src/search/ripgrep.js";

const FILES: Record<string, string> = {
  "src/app.py": [
    "import os",
    "class Foo:",
    "    def update(self):",
    "        return 1",
    "def test_seer_credit_limit():",
    "    assert True",
    "def handler(user, session):",
    "    # TODO: fix the session timeout",
    "    # FIXME later",
    "    # BUG here",
    "def parse(text):",
    "    parser = text  # parsed later",
    "foo123 = 4",
    "print(x)",
    "scroll_lock = True",
    "scroll_lock_enabled = False",
    "",
  ].join("\n"),
  "src/utils/reader.go": [
    "package utils",
    "",
    'import "io"',
    "",
    "func Read(r io.Reader) error {",
    "\treturn nil",
    "}",
    "",
  ].join("\n"),
  "src/utils/colour.txt": "The colour of the sky\n",
  "src/notes.md": "literal foo.*bar appears here\nfoo and bar together\n",
  "src/a.test.ts": "test('x', () => {});\n",
  "src/b.tsx": "export const B = () => null;\n",
  "src/c.ts": "export const c = 1;\n",
  "src/main.go": "package main\n\nfunc main() {}\n",
  "docs/readme.md": "Nothing to see.\n",
  ".github/workflows/ci.yml": "jobs:\n  deploy:\n    runs-on: ubuntu\n",
  "win/crlf.txt": "first line\r\nsecond crlf line\r\n",
  "odd/name:with:colons.txt": "colon path content\n",
};

export function makeTree(): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "dwim-search-")));
  for (const [path, text] of Object.entries(FILES)) {
    const abs = join(root, path);
    mkdirSync(dirname(abs), { recursive: true });
    writeFileSync(abs, text);
  }
  // A 100 KB minified line with one match near its middle.
  const filler = "a=1;".repeat(12_500);
  mkdirSync(join(root, "min"), { recursive: true });
  writeFileSync(join(root, "min/app.min.js"), `${filler}needle_here();${filler}\n`);
  // 25 similar lines for paging.
  mkdirSync(join(root, "page"), { recursive: true });
  writeFileSync(join(root, "page/list.txt"), Array.from({ length: 25 }, (_, i) => `pageitem number ${i}`).join("\n"));
  return root;
}

/** A fake rg that logs its argv, then runs the real one. */
export function fakeRg(root: string, realRg: string): { path: string; log: string } {
  const log = join(root, "..", `${root.split("/").pop()}-argv.log`);
  const path = join(root, "..", `${root.split("/").pop()}-fake-rg.sh`);
  writeFileSync(path, `#!/bin/sh\nprintf '%s\\n' "$*" >> '${log}'\nexec '${realRg}' "$@"\n`);
  chmodSync(path, 0o755);
  return { path, log };
}

export function envFor(root: string, over: Partial<SearchEnv> = {}): SearchEnv {
  return {
    rg: locateRipgrep(),
    cwd: root,
    roots: [root],
    timeoutMs: 30_000,
    autoRetry: true,
    threshold: 0.8,
    maxRetries: 1,
    maxChars: 20_000,
    ...over,
  };
}
