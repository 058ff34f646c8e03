import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  CORE_SECTIONS,
  defineConfigSection,
  findProjectConfig,
  formatConfigError,
  loadConfig,
  recoverySection,
  sectionOf,
} from "../../src/core/config.js";

function files(user: string | null, project: string | null) {
  const dir = mkdtempSync(join(tmpdir(), "dwim-config-"));
  let userFile: string | null = null;
  let projectFile: string | null = null;
  if (user !== null) {
    userFile = join(dir, "user.toml");
    writeFileSync(userFile, user);
  }
  if (project !== null) {
    projectFile = join(dir, "project.toml");
    writeFileSync(projectFile, project);
  }
  return { dir, userFile, projectFile };
}

describe("config", () => {
  it("has the documented defaults", () => {
    const c = loadConfig({ userFile: null, projectFile: null, env: {} });
    expect(sectionOf(c, recoverySection)).toEqual({
      auto_correct: true,
      auto_threshold: 0.8,
      likely_fix_threshold: 0.7,
      hint_threshold: 0.6,
      margin: 0.1,
      max_hints: 3,
    });
    expect(c.errors).toEqual([]);
  });

  it("gives a section nothing sets its schema's default, which equals an empty table parsed, for every section", async () => {
    // loadConfig takes the default without parsing `{}` (cold start): the two must never drift apart.
    const { loadToolsets } = await import("../../src/server/load.js");
    const { configSectionsOf } = await import("../../src/server/app.js");
    const sections = [...CORE_SECTIONS, ...configSectionsOf(await loadToolsets())];
    const c = loadConfig({ sections, userFile: null, projectFile: null, env: {} });
    expect(c.errors).toEqual([]);
    for (const section of sections) {
      expect(section.schema.parse(undefined), section.key).toEqual(section.schema.parse({}));
      expect(c.sections[section.key], section.key).toEqual(section.schema.parse({}));
    }
    expect(sections.map((s) => s.key)).toEqual(
      expect.arrayContaining(["recovery", "log", "router", "units", "memory", "search"]),
    );
  });

  it("reads user then project, later overriding earlier, and env over both", () => {
    const f = files("[recovery]\nauto_threshold = 0.9\nmax_hints = 2\n", "[recovery]\nauto_threshold = 0.85\n");
    const c = loadConfig({ ...f, env: {} });
    expect(sectionOf(c, recoverySection)).toMatchObject({ auto_threshold: 0.85, max_hints: 2 });
    expect(c.sources).toEqual([f.userFile, f.projectFile]);
    const withEnv = loadConfig({ ...f, env: { MCP_FUZZY_SEARCH_RETRY_CONFIDENCE: "0.95", DWIM_AUTO_CORRECT: "0" } });
    expect(sectionOf(withEnv, recoverySection)).toMatchObject({ auto_threshold: 0.95, auto_correct: false });
  });

  it("reports a misspelled key with a did-you-mean and keeps the defaults", () => {
    const f = files(null, "[recovery]\nauto_treshold = 0.9\n");
    const c = loadConfig({ ...f, env: {} });
    expect(c.errors).toHaveLength(1);
    expect(c.errors[0]).toMatchObject({ key: "recovery.auto_treshold", likely_fix: "auto_threshold" });
    expect(formatConfigError(c.errors[0])).toContain("did you mean 'auto_threshold'");
    expect(sectionOf(c, recoverySection).auto_threshold).toBe(0.8);
  });

  it("reports a misspelled section and an out-of-range value", () => {
    const f = files(null, "[recovry]\nmax_hints = 1\n[limits]\ntimeout_ms = 5\n");
    const c = loadConfig({ ...f, env: {} });
    expect(c.errors.map((e) => e.key)).toEqual(["recovry", "limits.timeout_ms"]);
    expect(c.errors[0].likely_fix).toBe("recovery");
  });

  it("reports invalid TOML and still applies the other file", () => {
    const f = files("[recovery]\nmax_hints = 1\n", "[recovery\nbroken");
    const c = loadConfig({ ...f, env: {} });
    expect(c.errors[0].message).toMatch(/Invalid TOML/);
    expect(sectionOf(c, recoverySection).max_hints).toBe(1);
  });

  it("reports an invalid environment value and ignores it", () => {
    const c = loadConfig({ userFile: null, projectFile: null, env: { DWIM_MAX_HINTS: "many" } });
    expect(c.errors[0]).toMatchObject({ source: "env", key: "DWIM_MAX_HINTS" });
    expect(sectionOf(c, recoverySection).max_hints).toBe(3);
  });

  it("accepts sections contributed by capabilities, with their own merge", () => {
    const section = defineConfigSection({
      key: "demo",
      schema: z.strictObject({ items: z.array(z.string()).default([]) }).default({ items: [] }),
      merge: (a, b) => ({ items: [...((a.items as string[]) ?? []), ...((b.items as string[]) ?? [])] }),
    });
    const f = files('[demo]\nitems = ["a"]\n', '[demo]\nitems = ["b"]\n');
    const c = loadConfig({ ...f, env: {}, sections: [section] });
    expect(sectionOf(c, section).items).toEqual(["a", "b"]);
  });

  it("finds .dwim/dwim.toml in the nearest ancestor", () => {
    const root = mkdtempSync(join(tmpdir(), "dwim-proj-"));
    mkdirSync(join(root, ".dwim"));
    writeFileSync(join(root, ".dwim", "dwim.toml"), "");
    mkdirSync(join(root, "a", "b"), { recursive: true });
    expect(findProjectConfig(join(root, "a", "b"))).toBe(join(root, ".dwim", "dwim.toml"));
  });
});

describe("environment readings follow the schema", () => {
  it("reads 1 and 0 as numbers for number settings and as booleans for switches", () => {
    const c = loadConfig({
      userFile: null,
      projectFile: null,
      env: { DWIM_MARGIN: "1", DWIM_MAX_HINTS: "0", DWIM_AUTO_CORRECT: "1" },
    });
    expect(c.errors).toEqual([]);
    expect(sectionOf(c, recoverySection)).toMatchObject({ margin: 1, max_hints: 0, auto_correct: true });
  });
});
