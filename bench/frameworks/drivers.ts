/**
 * One case through one framework, with or without dwim's adapter: the AI SDK (generateText, the SDK's mock language
 * model), an MCP SDK v2 Client talking to an in-process MCP server that lists the case's tools and refuses any call
 * they do not admit, and a LangChain agent (createAgent, LangChain's fake tool-calling model). What is observed: the
 * call that ran, if one did, and the names dwim offered when it refused (likely_fix, hints): to the developer's
 * onRefusal callback through the AI SDK, to the model through the MCP client and LangChain.
 */
import { Client, InMemoryTransport } from "@modelcontextprotocol/client";
import { Server } from "@modelcontextprotocol/server";
import { tool as aiTool, generateText, type ToolSet } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { createAgent, FakeToolCallingModel, HumanMessage, tool as lcTool } from "langchain";
import * as z from "zod";
import { dwimRepairToolCall } from "../../src/adapters/ai-sdk.js";
import { withDwim } from "../../src/adapters/client.js";
import { dwimToolCallRepair } from "../../src/adapters/langchain.js";
import type { ErrorPayload } from "../../src/core/errors.js";
import { type Case, type JsonSchema, renamedKeys } from "./cases.js";

export interface Observation {
  ran?: { name: string; input: unknown };
  /** Names dwim offered in a refusal (likely_fix, hints) where they are delivered. */
  offered: string[];
}

/** `marked`: the developer marked every tool read-only; `unmarked`: no mark (the MCP default, tools may write). */
export type Mode = "none" | "marked" | "unmarked";

export type Driver = (c: Case, mode: Mode) => Promise<Observation>;

function zodOf(schema: JsonSchema): z.ZodType {
  return z.fromJSONSchema(schema as Parameters<typeof z.fromJSONSchema>[0]);
}

function annotationsOf(c: Case, mode: Mode): Record<string, { readOnlyHint: boolean }> {
  if (mode !== "marked") return {};
  return c.annotations ?? Object.fromEntries(c.tools.map((t) => [t.name, { readOnlyHint: true }]));
}

export const viaAiSdk: Driver = async (c, mode) => {
  const seen: Observation = { offered: [] };
  const tools: ToolSet = Object.fromEntries(
    c.tools.map((t) => [
      t.name,
      aiTool({
        inputSchema: zodOf(t.inputSchema) as z.ZodType<Record<string, unknown>>,
        execute: async (input: unknown) => {
          seen.ran = { name: t.name, input };
          return "ok";
        },
      }),
    ]),
  );
  const usage = {
    inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
    outputTokens: { total: 1, text: 1, reasoning: 0 },
  };
  const model = new MockLanguageModelV3({
    doGenerate: async () => ({
      content: [{ type: "tool-call", toolCallId: "1", toolName: c.call.name, input: JSON.stringify(c.call.arguments) }],
      finishReason: { unified: "tool-calls", raw: undefined },
      usage,
      warnings: [],
    }),
  });
  const repair =
    mode === "none"
      ? undefined
      : dwimRepairToolCall({
          annotations: annotationsOf(c, mode),
          onRefusal: (r) => seen.offered.push(...namesOffered(r.error, c)),
        });
  await generateText({ model, prompt: "go", tools, experimental_repairToolCall: repair });
  return seen;
};

export const viaMcpClient: Driver = async (c, mode) => {
  const seen: Observation = { offered: [] };
  const server = new Server({ name: "bench", version: "1.0.0" }, { capabilities: { tools: {} } });
  const annotations = annotationsOf(c, mode);
  server.setRequestHandler("tools/list", async () => ({
    tools: c.tools.map((t) => ({
      name: t.name,
      inputSchema: t.inputSchema as { type: "object"; [key: string]: unknown },
      annotations: annotations[t.name],
    })),
  }));
  server.setRequestHandler("tools/call", async (request) => {
    const { name, arguments: args } = request.params;
    const listed = c.tools.find((t) => t.name === name);
    if (!listed) return { isError: true, content: [{ type: "text" as const, text: `Unknown tool: ${name}` }] };
    if (!zodOf(listed.inputSchema).safeParse(args ?? {}).success) {
      return { isError: true, content: [{ type: "text" as const, text: `Invalid arguments for ${name}` }] };
    }
    seen.ran = { name, input: args };
    return { content: [{ type: "text" as const, text: "ok" }] };
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "bench", version: "1.0.0" });
  await client.connect(clientSide);
  const caller =
    mode === "none" ? client : withDwim(client, { onRefusal: (r) => seen.offered.push(...namesShown(r.error, c)) });
  await caller.callTool({ name: c.call.name, arguments: c.call.arguments });
  await client.close();
  await server.close();
  return seen;
};

export const viaLangChain: Driver = async (c, mode) => {
  const seen: Observation = { offered: [] };
  const tools = c.tools.map((t) =>
    lcTool(
      async (input: unknown) => {
        seen.ran = { name: t.name, input };
        return "ok";
      },
      { name: t.name, description: t.name, schema: zodOf(t.inputSchema) as z.ZodObject },
    ),
  );
  const middleware =
    mode === "none"
      ? []
      : [
          dwimToolCallRepair({
            tools,
            annotations: annotationsOf(c, mode),
            onRefusal: (r) => seen.offered.push(...namesShown(r.error, c)),
          }),
        ];
  const agent = createAgent({
    model: new FakeToolCallingModel({ toolCalls: [[{ name: c.call.name, args: c.call.arguments, id: "1" }], []] }),
    tools,
    middleware,
  });
  await agent.invoke({ messages: [new HumanMessage("go")] });
  return seen;
};

/**
 * What the model is shown through the MCP client and LangChain: dwim's error when it has a likely_fix; without one,
 * the call is left to the server's or LangChain's own answer.
 */
function namesShown(error: ErrorPayload, c: Case): string[] {
  return error.likely_fix === undefined ? [] : namesOffered(error, c);
}

/** What a refusal offers for the case's misnamed name: the likely_fix's name or key, and the names its hints give. */
function namesOffered(error: ErrorPayload, c: Case): string[] {
  const names: string[] = [];
  const fix = error.likely_fix as { name?: string; arguments?: unknown } | string | undefined;
  if (typeof fix === "string") names.push(fix);
  else if (fix && c.kind === "unknown_tool" && typeof fix.name === "string") names.push(fix.name);
  else if (fix && c.kind === "unknown_param") names.push(...renamedKeys(c, fix.arguments));
  for (const hint of error.hints) {
    // A list of every valid name is no hint at a particular one.
    if (/^(Valid parameters|Tools served here):/u.test(hint)) continue;
    const quoted = [...hint.matchAll(/'([^']+)'/gu)].map((m) => m[1]);
    names.push(...(quoted.length > 0 ? quoted : [hint]));
  }
  return names.filter((n) => n !== c.got);
}
