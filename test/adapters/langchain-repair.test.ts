/**
 * dwim/langchain through a LangChain agent: createAgent with LangChain's own fake tool-calling model (no network) makes
 * the wrong call; the dwim middleware's wrapToolCall runs the corrected call, answers dwim's error with its likely_fix,
 * or leaves LangChain's own answer (docs/adapters.md, "LangChain").
 */
import { createAgent, FakeToolCallingModel, HumanMessage, ToolMessage, tool } from "langchain";
import { describe, expect, it } from "vitest";
import * as z from "zod";
import { type CorrectionReport, dwimToolCallRepair, type RefusalReport } from "../../src/adapters/langchain.js";

function toolsRecording(ran: Array<{ name: string; input: unknown }>) {
  return [
    tool(
      async (input) => {
        ran.push({ name: "get_weather", input });
        return "21 degrees";
      },
      {
        name: "get_weather",
        description: "Current weather of a city",
        schema: z.object({ city: z.string(), days: z.number().optional() }),
      },
    ),
    tool(
      async (input) => {
        ran.push({ name: "delete_place", input });
        return "deleted";
      },
      { name: "delete_place", description: "Deletes a saved place", schema: z.object({ place_id: z.string() }) },
    ),
  ];
}

async function run(name: string, args: Record<string, unknown>, annotations = { get_weather: { readOnlyHint: true } }) {
  const ran: Array<{ name: string; input: unknown }> = [];
  const corrections: CorrectionReport[] = [];
  const refusals: RefusalReport[] = [];
  const tools = toolsRecording(ran);
  const agent = createAgent({
    model: new FakeToolCallingModel({ toolCalls: [[{ name, args, id: "call-1" }], []] }),
    tools,
    middleware: [
      dwimToolCallRepair({
        tools,
        annotations,
        onCorrection: (r) => corrections.push(r),
        onRefusal: (r) => refusals.push(r),
      }),
    ],
  });
  const state = await agent.invoke({ messages: [new HumanMessage("weather in Paris")] });
  const answer = state.messages.find((m) => ToolMessage.isInstance(m)) as ToolMessage | undefined;
  return { ran, corrections, refusals, answer };
}

describe("dwim/langchain: wrapToolCall middleware", () => {
  it("a misspelled tool name runs the right tool, and the correction is reported", async () => {
    const { ran, corrections, answer } = await run("get_wether", { city: "Paris" });
    expect(ran).toEqual([{ name: "get_weather", input: { city: "Paris" } }]);
    expect(answer?.content).toBe("21 degrees");
    expect(corrections[0]).toMatchObject({
      adapter: "langchain",
      original: { name: "get_wether", arguments: { city: "Paris" } },
      corrected: { name: "get_weather", arguments: { city: "Paris" } },
    });
  });

  it("a misspelled key and a number sent as a string are corrected", async () => {
    const { ran, corrections } = await run("get_weather", { ctiy: "Paris", days: "3" });
    expect(ran).toEqual([{ name: "get_weather", input: { city: "Paris", days: 3 } }]);
    expect(corrections[0].did_you_mean.corrections.map((c) => c.correction_type)).toEqual(["typo", "type_coercion"]);
  });

  it("a tool not marked read-only is not run on a guess: the model gets dwim's likely_fix", async () => {
    const { ran, refusals, answer } = await run("delete_plac", { place_id: "p1" });
    expect(ran).toEqual([]);
    expect(answer?.status).toBe("error");
    expect(String(answer?.content)).toContain('likely_fix: {"name":"delete_place","arguments":{"place_id":"p1"}}');
    expect(refusals[0].error.blocked_reason).toBe("destructive");
  });

  it("a name dwim has nothing for gets LangChain's own answer", async () => {
    const { ran, answer, corrections } = await run("book_flight", { to: "Oslo" });
    expect(ran).toEqual([]);
    expect(corrections).toEqual([]);
    expect(String(answer?.content)).toBe(
      "Error: book_flight is not a valid tool, try one of [get_weather, delete_place].",
    );
  });

  it("a call that fits runs as made, unreported", async () => {
    const { ran, corrections, refusals } = await run("get_weather", { city: "Oslo" });
    expect(ran).toEqual([{ name: "get_weather", input: { city: "Oslo" } }]);
    expect([corrections, refusals]).toEqual([[], []]);
  });
});
