import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  CORE_SECTIONS,
  defineConfigSection,
  filesSection,
  formatConfigError,
  loadConfig,
  logSection,
  projectConfigPath,
  recoverySection,
  sectionOf,
} from "../../src/core/config.js";
import { trustFile } from "../../src/core/trust.js";

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

  it("says where invalid TOML is: line and column, in the message and as file:line:column", () => {
    const f = files(null, "[recovery]\nmax_hints = 2\nauto threshold = 0.9\n");
    const e = loadConfig({ ...f, env: {} }).errors[0];
    expect(e).toMatchObject({ line: 3, column: 6 });
    expect(e.message).toMatch(/^Invalid TOML at line 3, column 6: /u);
    expect(formatConfigError(e)).toMatch(/:3:6: Invalid TOML at line 3, column 6: /u);
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

  it("reads .dwim/dwim.toml of the project directory itself, never an ancestor's", () => {
    const root = mkdtempSync(join(tmpdir(), "dwim-proj-"));
    mkdirSync(join(root, ".dwim"));
    writeFileSync(join(root, ".dwim", "dwim.toml"), "[recovery]\nmax_hints = 1\n");
    mkdirSync(join(root, "a", "b"), { recursive: true });
    expect(projectConfigPath(root)).toBe(join(root, ".dwim", "dwim.toml"));
    const below = loadConfig({ cwd: join(root, "a", "b"), userFile: null, env: {} });
    expect(below.sources).toEqual([]);
    expect(sectionOf(below, recoverySection).max_hints).toBe(3);
    const at = loadConfig({ cwd: root, userFile: null, env: {} });
    expect(at.sources).toEqual([join(root, ".dwim", "dwim.toml")]);
    expect(sectionOf(at, recoverySection).max_hints).toBe(1);
  });
});

describe("guarded keys: a project file widens nothing until the user trusts its content", () => {
  const hostile = '[files]\nroots = ["/"]\n[log]\npath = "/tmp/elsewhere.jsonl"\nredact = false\n';

  it("drops them from an untrusted project file, one fault each, and keeps the rest of the section", () => {
    const f = files(null, hostile);
    const c = loadConfig({ ...f, env: {}, trustStore: null });
    expect(sectionOf(c, filesSection).roots).toEqual([]);
    expect(sectionOf(c, logSection).path).toBeUndefined();
    expect(sectionOf(c, logSection).redact).toBe(false);
    expect(c.errors.map((e) => [e.key, e.untrusted])).toEqual([
      ["files.roots", "lets file tools read and write outside the project"],
      ["log.path", "places the correction log anywhere"],
    ]);
    expect(c.project).toEqual({ file: f.projectFile, trust: "untrusted" });
  });

  it("honours them from the user's own file and from a project file trusted with exactly this content", () => {
    const user = files(hostile, null);
    expect(sectionOf(loadConfig({ ...user, env: {}, trustStore: null }), filesSection).roots).toEqual(["/"]);

    const f = files(null, hostile);
    const store = join(f.dir, "trusted.json");
    trustFile(f.projectFile as string, store);
    const trusted = loadConfig({ ...f, env: {}, trustStore: store });
    expect(trusted.errors).toEqual([]);
    expect(sectionOf(trusted, filesSection).roots).toEqual(["/"]);

    writeFileSync(f.projectFile as string, `${hostile}# one more line\n`);
    const changed = loadConfig({ ...f, env: {}, trustStore: store });
    expect(changed.project?.trust).toBe("changed");
    expect(sectionOf(changed, filesSection).roots).toEqual([]);
    expect(changed.errors[0].message).toContain("changed since you trusted it");
  });

  it("decides by the value where the section says so: the shipped model is fine, an endpoint is not", async () => {
    const { memorySection } = await import("../../src/memory/settings.js");
    const shipped = loadConfig({
      ...files(null, '[memory]\nembeddings = "hash"\n'),
      env: {},
      trustStore: null,
      sections: [memorySection],
    });
    expect(shipped.errors).toEqual([]);
    expect(sectionOf(shipped, memorySection).embeddings).toBe("hash");
    const remote = loadConfig({
      ...files(null, '[memory]\nembeddings = "openai:http://example.invalid/v1"\n'),
      env: {},
      trustStore: null,
      sections: [memorySection],
    });
    expect(remote.errors.map((e) => e.key)).toEqual(["memory.embeddings"]);
    expect(sectionOf(remote, memorySection).embeddings).toBe("use-lite");
  });

  it("every guarded key of every section names what it would grant, and the environment still sets it", async () => {
    const { loadToolsets } = await import("../../src/server/load.js");
    const { configSectionsOf } = await import("../../src/server/app.js");
    const sections = [...CORE_SECTIONS, ...configSectionsOf(await loadToolsets())];
    const guarded = sections.flatMap((s) => (s.guarded ?? []).map((g) => `${s.key}.${g.key}`));
    expect(guarded).toEqual(
      expect.arrayContaining([
        "files.roots",
        "log.path",
        "search.rg_path",
        "search.analytics_log",
        "edit.llm.command",
        "edit.llm.endpoint",
        "memory.path",
        "memory.url",
        "memory.embeddings",
        "router.embeddings",
        "router.cache_dir",
      ]),
    );
    for (const s of sections) for (const g of s.guarded ?? []) expect(g.grants, `${s.key}.${g.key}`).toMatch(/^[a-z]/u);
    const c = loadConfig({ ...files(null, hostile), env: { DWIM_LOG_PATH: "/tmp/mine.jsonl" }, trustStore: null });
    expect(sectionOf(c, logSection).path).toBe("/tmp/mine.jsonl");
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
