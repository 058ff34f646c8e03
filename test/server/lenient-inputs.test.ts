/**
 * Parameter recovery where the client checks arguments first: Gemini CLI refuses `{from: "km"}` against `required`
 * before dwim sees it, so it gets input schemas without it (`[serve] input_schemas = "auto"`), and dwim's own
 * parameter recovery answers instead. Other clients keep `required`. No listing closes its properties: an unknown
 * parameter is dwim's to correct.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { describe, expect, it } from "vitest";

const MAIN = resolve(__dirname, "../../dist/cli/main.js");

async function listedConvert(clientName: string, env: Record<string, string> = {}) {
  const dir = mkdtempSync(join(tmpdir(), "dwim-lenient-"));
  const client = new Client({ name: clientName, version: "0.61.0" });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [MAIN, "serve", "--tools", "units"],
      cwd: dir,
      env: { PATH: process.env.PATH ?? "", HOME: dir, DWIM_LOG: "0", ...env },
      stderr: "pipe",
    }),
  );
  try {
    const convert = (await client.listTools()).tools.find((t) => t.name === "convert");
    const call = await client.callTool({ name: "convert", arguments: { value: 5, from: "km", to_unit: "mi" } });
    return { schema: convert?.inputSchema as Record<string, unknown>, call };
  } finally {
    await client.close();
  }
}

describe("input schemas for clients that validate arguments first", () => {
  it("Gemini CLI gets them without required or closed properties, and a misspelled parameter is corrected", async () => {
    const { schema, call } = await listedConvert("gemini-cli-mcp-client");
    expect(schema.required).toBeUndefined();
    expect(schema.additionalProperties).toBeUndefined();
    const properties = schema.properties as Record<string, { description?: string }>;
    expect(properties.from_unit.description).toMatch(/^Required\./u);
    expect(call.isError).toBeFalsy();
    expect(JSON.stringify(call.structuredContent)).toContain('"corrected":"from_unit"');
  });

  it("other clients keep required, properties open; [serve] input_schemas overrides the client's name", async () => {
    const other = await listedConvert("some-agent");
    expect(other.schema.required).toEqual(expect.arrayContaining(["value", "from_unit", "to_unit"]));
    expect(other.schema.additionalProperties).toBeUndefined();
    expect(other.call.isError).toBeFalsy();
    expect(JSON.stringify(other.call.structuredContent)).toContain('"corrected":"from_unit"');
    const forced = await listedConvert("gemini-cli-mcp-client", { DWIM_INPUT_SCHEMAS: "strict" });
    expect(forced.schema.required).toEqual(expect.arrayContaining(["from_unit"]));
    const lenient = await listedConvert("some-agent", { DWIM_INPUT_SCHEMAS: "lenient" });
    expect(lenient.schema.required).toBeUndefined();
  });
});
