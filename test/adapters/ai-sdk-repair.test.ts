/**
 * dwim/ai-sdk through the AI SDK itself: generateText with the SDK's mock language model (no network, no model
 * service) makes the wrong call, the SDK raises NoSuchToolError or InvalidToolInputError, and dwim's repair function
 * answers the corrected call or null (docs/adapters.md, "AI SDK").
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { generateText, InvalidToolInputError, NoSuchToolError, type ToolSet, tool } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { describe, expect, it } from "vitest";
import * as z from "zod";
import { type CorrectionReport, dwimRepairToolCall, type RefusalReport } from "../../src/adapters/ai-sdk.js";
import { CorrectionLog } from "../../src/core/log.js";

/** A model that makes one tool call, then answers with text. */
function modelCalling(toolName: string, input: string): MockLanguageModelV3 {
  const usage = {
    inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
    outputTokens: { total: 1, text: 1, reasoning: 0 },
  };
  return new MockLanguageModelV3({
    doGenerate: async () => ({
      content: [{ type: "tool-call", toolCallId: "call-1", toolName, input }],
      finishReason: { unified: "tool-calls", raw: "tool_calls" },
      usage,
      warnings: [],
    }),
  });
}

interface Ran {
  name: string;
  input: unknown;
}

function weatherTools(ran: Ran[]): ToolSet {
  return {
    get_weather: tool({
      description: "Current weather of a city",
      inputSchema: z.strictObject({ city: z.string(), days: z.number().optional(), metric: z.boolean().optional() }),
      execute: async (input) => {
        ran.push({ name: "get_weather", input });
        return { temperature: 21 };
      },
    }),
    search_places: tool({
      description: "Places matching a filter",
      inputSchema: z.strictObject({ filter: z.object({ kind: z.string() }), limit: z.number().int().optional() }),
      execute: async (input) => {
        ran.push({ name: "search_places", input });
        return { places: [] };
      },
    }),
    delete_place: tool({
      description: "Deletes a saved place",
      inputSchema: z.strictObject({ place_id: z.string() }),
      execute: async (input) => {
        ran.push({ name: "delete_place", input });
        return { deleted: true };
      },
    }),
  };
}

const READ_ONLY = { get_weather: { readOnlyHint: true }, search_places: { readOnlyHint: true } };

async function run(
  toolName: string,
  input: string,
  annotations: Record<string, { readOnlyHint?: boolean }> = READ_ONLY,
) {
  const ran: Ran[] = [];
  const corrections: CorrectionReport[] = [];
  const refusals: RefusalReport[] = [];
  const result = await generateText({
    model: modelCalling(toolName, input),
    prompt: "weather in Paris",
    tools: weatherTools(ran),
    experimental_repairToolCall: dwimRepairToolCall({
      annotations,
      onCorrection: (r) => corrections.push(r),
      onRefusal: (r) => refusals.push(r),
    }),
  });
  const call = result.steps[0].toolCalls[0];
  // A call the SDK could not parse (and dwim did not repair) stays invalid, with the SDK's own error.
  const failed = call.invalid === true ? call.error : undefined;
  return { ran, corrections, refusals, call, failed };
}

describe("dwim/ai-sdk: NoSuchToolError", () => {
  it("a misspelled tool name is called by its right name, and the correction is reported", async () => {
    const { ran, call, corrections } = await run("get_wether", '{"city":"Paris"}');
    expect(call.toolName).toBe("get_weather");
    expect(ran).toEqual([{ name: "get_weather", input: { city: "Paris" } }]);
    expect(corrections).toHaveLength(1);
    expect(corrections[0].adapter).toBe("ai-sdk");
    expect(corrections[0].original).toEqual({ name: "get_wether", arguments: { city: "Paris" } });
    expect(corrections[0].did_you_mean.corrections[0]).toMatchObject({
      parameter: "name",
      original: "get_wether",
      corrected: "get_weather",
      correction_type: "typo",
    });
  });

  it("a name in another case and separators (getWeather) is normalised", async () => {
    const { ran } = await run("getWeather", '{"city":"Paris"}');
    expect(ran).toEqual([{ name: "get_weather", input: { city: "Paris" } }]);
  });

  it("a tool that is not marked read-only is never reached by a guess: null, the SDK's error stands", async () => {
    const { ran, failed, refusals, corrections } = await run("delete_plac", '{"place_id":"p1"}');
    expect(ran).toEqual([]);
    expect(corrections).toEqual([]);
    expect(NoSuchToolError.isInstance(failed)).toBe(true);
    expect(refusals).toHaveLength(1);
    expect(refusals[0].error.likely_fix).toEqual({ name: "delete_place", arguments: { place_id: "p1" } });
    expect(refusals[0].error.blocked_reason).toBe("destructive");
  });

  it("the same typo reaches a tool the developer marked read-only, and only then", async () => {
    const unmarked = await run("get_wether", '{"city":"Paris"}', {});
    expect(unmarked.ran).toEqual([]);
    expect(unmarked.refusals[0].error.likely_fix).toEqual({ name: "get_weather", arguments: { city: "Paris" } });
  });

  it("a name that is nothing like a tool gets null and no likely_fix", async () => {
    const { ran, failed, refusals } = await run("book_flight", '{"to":"Oslo"}');
    expect(ran).toEqual([]);
    expect(NoSuchToolError.isInstance(failed)).toBe(true);
    expect(refusals[0].error.likely_fix).toBeUndefined();
    expect(refusals[0].error.hints.join(" ")).toContain("get_weather");
  });
});

describe("dwim/ai-sdk: InvalidToolInputError", () => {
  it("a misspelled argument key is renamed", async () => {
    const { ran, corrections } = await run("get_weather", '{"ctiy":"Paris"}');
    expect(ran).toEqual([{ name: "get_weather", input: { city: "Paris" } }]);
    expect(corrections[0].did_you_mean.corrections[0]).toMatchObject({
      parameter: "ctiy",
      corrected: "city",
      correction_type: "typo",
    });
  });

  it("a number and a boolean sent as strings are read as what the schema names", async () => {
    const { ran, corrections } = await run("get_weather", '{"city":"Paris","days":"3","metric":"true"}');
    expect(ran).toEqual([{ name: "get_weather", input: { city: "Paris", days: 3, metric: true } }]);
    expect(corrections[0].did_you_mean.corrections.map((c) => c.correction_type)).toEqual([
      "type_coercion",
      "type_coercion",
    ]);
  });

  it("an object sent as its JSON text is read as the object", async () => {
    const { ran } = await run("search_places", JSON.stringify({ filter: '{"kind":"cafe"}', limit: "5" }));
    expect(ran).toEqual([{ name: "search_places", input: { filter: { kind: "cafe" }, limit: 5 } }]);
  });

  it("a misspelled name and a misspelled key in one call are both corrected", async () => {
    const { ran, corrections } = await run("search_place", '{"filtr":{"kind":"museum"}}');
    expect(ran).toEqual([{ name: "search_places", input: { filter: { kind: "museum" } } }]);
    expect(corrections[0].did_you_mean.corrections.map((c) => c.parameter)).toEqual(["name", "filtr"]);
  });

  it("a key renamed on a tool that may write is refused with the corrected call as likely_fix", async () => {
    const { ran, failed, refusals } = await run("delete_place", '{"plce_id":"p1"}');
    expect(ran).toEqual([]);
    expect(InvalidToolInputError.isInstance(failed)).toBe(true);
    expect(refusals[0].error).toMatchObject({
      error_type: "unknown_parameter",
      likely_fix: { name: "delete_place", arguments: { place_id: "p1" } },
    });
  });

  it("a hallucinated key and an input that is not JSON are left to the SDK's error", async () => {
    const hallucinated = await run("get_weather", '{"city":"Paris","dontcare":"x"}');
    expect(hallucinated.ran).toEqual([]);
    expect(hallucinated.corrections).toEqual([]);
    const broken = await run("get_weather", '{"city": "Par');
    expect(broken.ran).toEqual([]);
    expect(broken.corrections).toEqual([]);
    expect(InvalidToolInputError.isInstance(broken.failed)).toBe(true);
  });

  it("a correct call never reaches the repair function and is run as sent", async () => {
    const { ran, corrections, refusals } = await run("get_weather", '{"city":"Paris","days":2}');
    expect(ran).toEqual([{ name: "get_weather", input: { city: "Paris", days: 2 } }]);
    expect(corrections).toEqual([]);
    expect(refusals).toEqual([]);
  });
});

describe("dwim/ai-sdk: the correction log", () => {
  it("records every correction when a log is given", async () => {
    const path = join(mkdtempSync(join(tmpdir(), "dwim-ai-sdk-")), "corrections.jsonl");
    await generateText({
      model: modelCalling("get_wether", '{"city":"Paris"}'),
      prompt: "weather",
      tools: weatherTools([]),
      experimental_repairToolCall: dwimRepairToolCall({ annotations: READ_ONLY, log: new CorrectionLog(path) }),
    });
    const lines = readFileSync(path, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(lines).toEqual([
      expect.objectContaining({ tool: "get_weather", tier: "auto", parameter: "name", original: "get_wether" }),
    ]);
  });
});
