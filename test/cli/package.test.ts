/**
 * Packaging: npx-ready metadata, a licence and where the project lives, nothing but the product in the tarball, a
 * server.json for the MCP registry that matches package.json, and an MCP bundle manifest that @anthropic-ai/mcpb
 * validates.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { validateManifest } from "@anthropic-ai/mcpb";
import { describe, expect, it } from "vitest";
import { MANIFEST } from "../../src/generated/server/manifest.js";

const ROOT = resolve(__dirname, "../..");
const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));
const server = JSON.parse(readFileSync(join(ROOT, "server.json"), "utf8"));

describe("the npm package", () => {
  it("runs with npx: the bundled bin has a node shebang, Node >= 20, and runs a tool and prints the version", () => {
    expect(pkg.bin.dwim).toBe("dist/cli/bundle/main.js");
    expect(readFileSync(join(ROOT, pkg.bin.dwim), "utf8").startsWith("#!/usr/bin/env node\n")).toBe(true);
    expect(pkg.engines.node).toBe(">=20");
    const bin = join(ROOT, pkg.bin.dwim);
    const cwd = mkdtempSync(join(tmpdir(), "dwim-bin-"));
    expect(execFileSync(process.execPath, [bin, "--version"], { cwd, encoding: "utf8" }).trim()).toBe(pkg.version);
    const out = execFileSync(process.execPath, [bin, "convert", "5", "km", "mi"], { cwd, encoding: "utf8" });
    expect(out.trim()).toBe("3.106855961 mi");
  });

  it("packs the product only: no tests, benchmarks, data or local state", () => {
    const out = execFileSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], {
      cwd: ROOT,
      encoding: "utf8",
    });
    const files = (JSON.parse(out) as Array<{ files: Array<{ path: string }> }>)[0].files.map((f) => f.path);
    expect(files).toContain("dist/cli/main.js");
    expect(files).toContain("server.json");
    expect(files).toContain("LICENSE");
    const stray = files.filter((f) => /^(test|bench|scripts|build|coverage)\/|(^|\/)\.dwim\/|\.jsonl$|\.db$/u.test(f));
    expect(stray).toEqual([]);
  });
});

describe("licence and project links", () => {
  it("ships the licence package.json names, and says where the code, the docs and the bug tracker are", () => {
    expect(pkg.license).toBe("MIT");
    const licence = readFileSync(join(ROOT, "LICENSE"), "utf8");
    expect(licence.split("\n")[0]).toBe("MIT License");
    expect(licence).toContain("Permission is hereby granted, free of charge");
    const repo = "https://github.com/dwim-mcp/dwim";
    expect(pkg.repository).toEqual({ type: "git", url: `git+${repo}.git` });
    expect(pkg.homepage.startsWith(repo)).toBe(true);
    expect(pkg.bugs.url).toBe(`${repo}/issues`);
    expect(server.repository).toEqual({ url: repo, source: "github" });
    expect(server.websiteUrl).toBe(pkg.homepage);
    // The registry checks that the namespace io.github.<owner> matches the repository's owner.
    expect(server.name.split("/")[0]).toBe(`io.github.${new URL(repo).pathname.split("/")[1]}`);
  });
});

describe("server.json for the MCP registry", () => {
  it("names the package by its mcpName and version, and starts it with `serve`", () => {
    expect(server.name).toBe(pkg.mcpName);
    expect(server.version).toBe(pkg.version);
    expect(server.description.length).toBeLessThanOrEqual(100);
    const [npm] = server.packages;
    expect(npm).toMatchObject({ registryType: "npm", identifier: pkg.name, version: pkg.version });
    expect(npm.transport).toEqual({ type: "stdio" });
    expect(npm.packageArguments[0]).toEqual({ type: "positional", value: "serve" });
  });
});

describe("the MCP bundle manifest", () => {
  it("is valid for @anthropic-ai/mcpb and lists every tool", async () => {
    const { bundleManifest } = (await import(join(ROOT, "scripts/mcpb.mjs"))) as {
      bundleManifest(): Promise<{ tools: Array<{ name: string }>; version: string }>;
    };
    const manifest = await bundleManifest();
    expect(manifest.version).toBe(pkg.version);
    expect(manifest.tools.map((t) => t.name)).toEqual(MANIFEST.flatMap((s) => s.tools.map((t) => t.name)));
    const file = join(mkdtempSync(join(tmpdir(), "dwim-mcpb-")), "manifest.json");
    writeFileSync(file, JSON.stringify(manifest));
    expect(validateManifest(file)).toBe(true);
  });
});
