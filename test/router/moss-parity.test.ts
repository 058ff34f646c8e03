/**
 * What the origin project's own matching tests (moss, tests/test_dwim.py and tests/test_dwim_matching.py) expect of
 * analyze_intent and resolve_tool, over a catalog shaped like moss's: a tool routes among a subset, a tool named as the
 * request's first word comes first, names resolve whatever their case, a configured intent makes its tool the
 * recommendation, and a near miss of a word of a name still hints that tool.
 */
import { describe, expect, it } from "vitest";
import { routerConfigFrom } from "../../src/router/config.js";
import { Router } from "../../src/router/router.js";
import { configOf, type Loose } from "./helpers.js";

const MOSS_TOOLS = `
[[tools]]
name = "skeleton"
description = "Show the structure of a source file: classes, functions and methods with their signatures"
[[tools]]
name = "skeleton_extract"
description = "Extract the skeleton of a module as text for a prompt"
[[tools]]
name = "deps"
description = "Show the imports and exports of a module"
[[tools]]
name = "todo_list"
description = "List the TODO items tracked in the project"
[[tools]]
name = "cfg"
description = "Build the control flow graph of a function"
[[tools]]
name = "anchors"
description = "Find where classes, functions and methods are defined"
`;

const router = (extra = "") =>
  new Router([], routerConfig(MOSS_TOOLS + extra), "config", { DWIM_ROUTER_EMBEDDINGS: "none" });

function routerConfig(toml: string) {
  return routerConfigFrom(configOf({ user: toml, env: { DWIM_ROUTER_EMBEDDINGS: "none" } }));
}

describe("analyze_intent as moss's tests expect", () => {
  it("a tool named as the request's first word ranks first, lifted like an identifier", async () => {
    for (const q of ["skeleton src/main.py", "skeleton /path/to/file.py", "Skeleton src/main.py"]) {
      const a = await router().analyzeIntent(q);
      expect(a.matches[0].tool, q).toBe("skeleton");
      expect(a.matches[0].confidence, q).toBeGreaterThanOrEqual(0.95);
    }
  });

  it("a verb requests begin with is no command, even when a tool is so named", async () => {
    const r = new Router(
      [],
      routerConfig(`${MOSS_TOOLS}\n[[tools]]\nname = "find"\ndescription = "Find a file by name"\n`),
      "config",
      { DWIM_ROUTER_EMBEDDINGS: "none" },
    );
    const a = await r.analyzeIntent("find where classes are defined");
    for (const m of a.matches) expect(m.breakdown?.exact, m.tool).toBe(0);
  });

  it("a tool's name followed by a sentence, not by arguments, is no command", async () => {
    const r = new Router(
      [],
      routerConfig(
        `${MOSS_TOOLS}\n[[tools]]\nname = "add"\ndescription = "Add two numbers"\n` +
          `[[tools]]\nname = "add_reaction"\ndescription = "Add an emoji reaction to a chat message"\n`,
      ),
      "config",
      { DWIM_ROUTER_EMBEDDINGS: "none" },
    );
    const command = await r.analyzeIntent("add 5 and 9");
    expect(command.matches[0]).toMatchObject({ tool: "add", breakdown: { exact: 1 } });
    const sentence = await r.analyzeIntent("add a rocket emoji reaction to that message");
    expect(sentence.matches[0]?.tool).toBe("add_reaction");
    for (const m of sentence.matches) expect(m.breakdown?.exact, m.tool).toBe(0);
  });

  it("names resolve whatever their case, in analyze_intent and resolve_tool", async () => {
    for (const q of ["skeleton", "Skeleton", "SKELETON", "SkElEtOn", "sKeLeTon"]) {
      const a = await router().analyzeIntent(q);
      expect(a.matches[0].tool, q).toBe("skeleton");
      const r = router().resolve(q);
      expect(r.resolved, q).toBe("skeleton");
      expect(r.confidence, q).toBe(1);
    }
  });

  it("available_tools routes among that subset only", async () => {
    const a = await router().analyzeIntent("show the imports of this module", 5, true, ["skeleton", "cfg"]);
    for (const m of a.matches) expect(["skeleton", "cfg"]).toContain(m.tool);
    const one = await router().analyzeIntent("skeleton src/main.py", 5, true, ["deps"]);
    expect(one.matches.map((m) => m.tool)).not.toContain("skeleton");
    const all = await router().analyzeIntent("skeleton src/main.py", 5, true, []);
    expect(all.matches[0].tool).toBe("skeleton");
  });

  it("a matching [[intents]] pattern makes its tool recommended, with the intent in the breakdown", async () => {
    const r = router('\n[[intents]]\npattern = "what (functions|classes) are in"\ntool = "skeleton"\npriority = 5\n');
    const a = await r.analyzeIntent("what functions are in this file");
    expect(a.recommended).toBe("skeleton");
    expect(a.matches[0].tool).toBe("skeleton");
    expect(a.matches[0].breakdown?.intent).toBe(5);
  });

  it("a near miss of a word of a name (todoo) hints the tool that has it", () => {
    const r: Loose = router().resolve("todoo");
    expect(r.resolved).toBeNull();
    expect(r.candidates.map((c: Loose) => c.tool)).toContain("todo_list");
  });
});
