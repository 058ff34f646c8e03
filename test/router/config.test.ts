/** Configuration faults, merging, and list_capabilities. */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { defineTool } from "../../src/core/tool.js";
import { listCapabilities } from "../../src/router/capabilities.js";
import { compileIntentPattern } from "../../src/router/config.js";
import { createRouterMiddleware } from "../../src/router/middleware.js";
import { RegistryError } from "../../src/router/registry.js";
import { DWIM_TOOLS } from "./fixture.js";
import { configOf, fixtureRouter, harness, sc } from "./helpers.js";

describe("registration faults (case 41)", () => {
  const echo = () => ({});
  it("a built-in alias equal to another tool's name stops startup", () => {
    const clash = defineTool({
      name: "grep_tool",
      title: "x",
      description: "x",
      toolset: "t",
      aliases: ["convert"],
      input: {},
      handler: echo,
    });
    expect(() => createRouterMiddleware([...DWIM_TOOLS, clash], configOf())).toThrow(RegistryError);
  });

  it("two spellings of one name stop startup; plural twins are two tools, each reached by its own name", () => {
    const twin = defineTool({
      name: "listunits",
      title: "x",
      description: "x",
      toolset: "t",
      input: {},
      handler: echo,
    });
    const singular = defineTool({
      name: "list_unit",
      title: "x",
      description: "x",
      toolset: "t",
      input: {},
      handler: echo,
    });
    expect(() => createRouterMiddleware([twin], configOf())).not.toThrow();
    const camel = fixtureRouter({ project: '[[tools]]\nname = "ListUnits"\ndescription = "x"\n' });
    expect(camel.configErrors.map((e) => e.message).join(" ")).toMatch(/same normalised name/u);
    const router = fixtureRouter({}, [...DWIM_TOOLS, singular]);
    expect(router.resolve("list_unit").resolved).toBe("list_unit");
    expect(router.resolve("list_units").resolved).toBe("list_units");
    expect(router.resolve("ListUnits").resolved).toBe("list_units");
    expect(router.resolve("list-unit").resolved).toBe("list_unit");
  });

  it("a generic verb is never an alias", () => {
    const verb = defineTool({
      name: "finder",
      title: "x",
      description: "x",
      toolset: "t",
      aliases: ["find"],
      input: {},
      handler: echo,
    });
    expect(() => createRouterMiddleware([verb], configOf())).toThrow(/generic verb/u);
  });

  it("a colliding config alias is a config error; the other entries apply", () => {
    const r = fixtureRouter({
      user: '[aliases]\ncat = "list_units"\nconvert = "compute"\nll = "list_units"\nzz = "no_such_tool"\n',
    });
    const keys = r.configErrors.map((e) => e.key);
    expect(keys).toEqual(expect.arrayContaining(["aliases.cat", "aliases.convert", "aliases.zz"]));
    expect(r.resolve("ll").resolved).toBe("list_units");
    expect(r.resolve("cat").resolved).toBe("read_file");
    expect(r.resolve("convert").resolved).toBe("convert");
  });

  it("parameter aliases that shadow a property or target a non-property are config errors", () => {
    const r = fixtureRouter({
      user: '[params.read_file]\noffset = "path"\nfname = "nope"\nfn = "path"\n[params.nothing]\nx = "y"\n',
    });
    const keys = r.configErrors.map((e) => e.key);
    expect(keys).toEqual(
      expect.arrayContaining(["params.read_file.offset", "params.read_file.fname", "params.nothing"]),
    );
    expect(r.registry.byName.get("read_file")?.paramAliases.fn).toBe("path");
  });

  it("keywords of an unknown tool and out-of-range boosts are reported", () => {
    const r = fixtureRouter({
      user: '[keywords.convrt]\nextra = ["x"]\n[keywords.convert]\nextra = ["y"]\nboost = 0.9\n',
    });
    const keys = r.configErrors.map((e) => e.key);
    expect(keys).toEqual(expect.arrayContaining(["keywords.convrt", "keywords.convert.boost"]));
    expect(r.configErrors.find((e) => e.key === "keywords.convrt")?.likely_fix).toBe("convert");
  });
});

describe("intent patterns (case 42)", () => {
  it("a pattern that does not compile or nests quantifiers is reported with file and index; the rest applies", () => {
    const cfg = configOf({
      user:
        '[[intents]]\npattern = "(*"\ntool = "recall"\n' +
        '[[intents]]\npattern = "(a+)+b"\ntool = "recall"\n' +
        '[[intents]]\npattern = "who wrote"\ntool = "search_memories"\npriority = 3\n',
    });
    const errors = cfg.errors.filter((e) => e.key.startsWith("intents"));
    expect(errors.map((e) => e.key)).toEqual(["intents[0].pattern", "intents[1].pattern"]);
    for (const e of errors) expect(e.source).toMatch(/user\.toml$/u);
    const r = fixtureRouter({
      user: '[[intents]]\npattern = "(*"\ntool = "recall"\n[[intents]]\npattern = "who wrote"\ntool = "search_memories"\n',
    });
    expect(r.analyze("who wrote this").matches[0].tool).toBe("search_memories");
    expect(r.configErrors.length).toBe(1);
  });

  it("patterns are bounded and case-insensitive", () => {
    expect("error" in compileIntentPattern("x".repeat(201))).toBe(true);
    expect("error" in compileIntentPattern("(.*)*")).toBe(true);
    const ok = compileIntentPattern("Who (wrote|decided)");
    expect("regex" in ok && ok.regex.test("WHO DECIDED")).toBe(true);
  });

  it("an intent naming an unknown tool is a config error", () => {
    const r = fixtureRouter({ user: '[[intents]]\npattern = "x"\ntool = "nope"\n' });
    expect(r.configErrors.map((e) => e.key)).toEqual(["intents[0].tool"]);
  });
});

describe("user then project (case 43)", () => {
  it("the project file wins over the user file", () => {
    const r = fixtureRouter({ user: '[aliases]\nll = "list_units"\n', project: '[aliases]\nll = "list_scales"\n' });
    expect(r.resolve("ll").resolved).toBe("list_scales");
  });

  it("a broken project file is reported and the user file still applies", () => {
    const r = fixtureRouter({ user: '[aliases]\nll = "list_units"\n', project: "[aliases\nll = 'x'" });
    expect(r.resolve("ll").resolved).toBe("list_units");
    expect(r.configErrors.some((e) => e.source.endsWith("project.toml") && /Invalid TOML/u.test(e.message))).toBe(true);
  });

  it("keywords: extra lists are unioned, the later boost wins", () => {
    const r = fixtureRouter({
      user: '[keywords.convert]\nextra = ["imperial"]\nboost = 0.1\n',
      project: '[keywords.convert]\nextra = ["metric"]\nboost = 0.2\n',
    });
    const convert = r.registry.byName.get("convert");
    expect(convert?.extraKeywords.sort()).toEqual(["imperial", "metric"]);
    expect(convert?.boost).toBe(0.2);
  });

  it("router thresholds come from env over files", () => {
    const r = fixtureRouter({
      user: "[router]\nauto_threshold = 0.9\n",
      env: { DWIM_ROUTER_SUGGEST_THRESHOLD: "0.4" },
    });
    expect(r.config.settings.auto_threshold).toBe(0.9);
    expect(r.config.settings.suggest_threshold).toBe(0.4);
  });
});

describe("list_capabilities (case 44)", () => {
  it("one summary page under 2K tokens, count 21", () => {
    const out = listCapabilities(fixtureRouter(), { detail: "summary" });
    expect(out.count).toBe(21);
    expect((out.tools as unknown[]).length).toBe(21);
    expect(JSON.stringify(out).length / 4).toBeLessThan(2000);
    expect(out.next_cursor).toBeUndefined();
  });

  it("[[tools]] entries are listed with callable: false and are never called", async () => {
    const user = '[[tools]]\nname = "my_linter"\ndescription = "Run custom project linter"\nkeywords = ["lint"]\n';
    const out = listCapabilities(fixtureRouter({ user }), { detail: "names" });
    expect(out.count).toBe(22);
    expect(out.tools).toContainEqual({ name: "my_linter", callable: false });
    const r = await harness({ user }).call("my_linter", {});
    expect(r.isError).toBe(true);
    expect(sc(r).error_type).toBe("unknown_tool");
    const a = fixtureRouter({ user }).analyze("run the project linter");
    expect(a.matches[0]).toMatchObject({ tool: "my_linter", callable: false });
  });

  it("pages with a cursor, filters by query and namespace; full detail has parameter types", () => {
    const r = fixtureRouter();
    const first = listCapabilities(r, { detail: "full", limit: 5 });
    expect((first.tools as unknown[]).length).toBe(5);
    const second = listCapabilities(r, { detail: "full", limit: 5, cursor: first.next_cursor as string });
    expect((second.tools as Array<{ name: string }>)[0].name).toBe("compute");
    expect(
      (first.tools as Array<{ parameters: Array<{ name: string; type?: string }> }>)[0].parameters[0],
    ).toMatchObject({
      name: "fuzzy_filter",
      type: "string",
      required: true,
    });
    const units = listCapabilities(r, { namespace: "units", detail: "names" });
    expect(units.count).toBe(9);
    const q = listCapabilities(r, { query: "convert miles", detail: "names" });
    expect((q.tools as Array<{ name: string }>)[0].name).toBe("convert");
  });

  it("config faults are reported with the listing", () => {
    const out = listCapabilities(fixtureRouter({ user: '[aliases]\nzz = "nope"\n' }), {});
    expect(out.config_errors).toEqual([expect.objectContaining({ key: "aliases.zz" })]);
    expect(
      z.array(z.object({ source: z.string(), key: z.string(), message: z.string() })).parse(out.config_errors),
    ).toBeTruthy();
  });
});
