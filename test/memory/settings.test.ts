import { describe, expect, it } from "vitest";
import { ToolError } from "../../src/core/index.js";
import { envClashes, settingsFromEnv } from "../../src/memory/index.js";

function failure(env: Record<string, string>): ToolError {
  try {
    settingsFromEnv(env);
  } catch (e) {
    if (e instanceof ToolError) return e;
    throw e;
  }
  throw new Error("expected an invalid configuration");
}

describe("settings from the environment: defaults, Daem0n-MCP's names, overrides", () => {
  it("S1: the default vector weight is 0.3", () => {
    expect(settingsFromEnv({}).vectorWeight).toBe(0.3);
  });
  it("S2: DAEM0NMCP_HYBRID_VECTOR_WEIGHT=0.5 yields 0.5", () => {
    expect(settingsFromEnv({ DAEM0NMCP_HYBRID_VECTOR_WEIGHT: "0.5" }).vectorWeight).toBe(0.5);
  });
  it("S3: 0.0 and 1.0 are accepted as given", () => {
    expect(settingsFromEnv({ DAEM0NMCP_HYBRID_VECTOR_WEIGHT: "0.0" }).vectorWeight).toBe(0);
    expect(settingsFromEnv({ DAEM0NMCP_HYBRID_VECTOR_WEIGHT: "1.0" }).vectorWeight).toBe(1);
    expect(settingsFromEnv({ DAEM0NMCP_HYBRID_VECTOR_WEIGHT: "1" }).vectorWeight).toBe(1);
    expect(settingsFromEnv({ DAEM0NMCP_HYBRID_VECTOR_WEIGHT: "0" }).vectorWeight).toBe(0);
  });
  it("S4: the default max per file is 3", () => {
    expect(settingsFromEnv({}).maxPerFile).toBe(3);
  });
  it("S5: DAEM0NMCP_SEARCH_DIVERSITY_MAX_PER_FILE=5 yields 5, and 0 means unlimited", () => {
    expect(settingsFromEnv({ DAEM0NMCP_SEARCH_DIVERSITY_MAX_PER_FILE: "5" }).maxPerFile).toBe(5);
    expect(settingsFromEnv({ DAEM0NMCP_SEARCH_DIVERSITY_MAX_PER_FILE: "0" }).maxPerFile).toBe(0);
  });
  it("S18: an override of 0.7 reads back as 0.7", () => {
    expect(settingsFromEnv({ DAEM0NMCP_HYBRID_VECTOR_WEIGHT: "0.7" }).vectorWeight).toBe(0.7);
    expect(settingsFromEnv({ DWIM_MEMORY_HYBRID_VECTOR_WEIGHT: "0.7" }).vectorWeight).toBe(0.7);
  });
  it("accepts every dwim spelling of the diversity variable", () => {
    expect(settingsFromEnv({ DWIM_MEMORY_DIVERSITY_MAX_PER_FILE: "4" }).maxPerFile).toBe(4);
    expect(settingsFromEnv({ DWIM_MEMORY_SEARCH_DIVERSITY_MAX_PER_FILE: "6" }).maxPerFile).toBe(6);
  });
});

describe("invalid values stop start-up", () => {
  it.each([
    ["DAEM0NMCP_HYBRID_VECTOR_WEIGHT", "1.5", "[0, 1]"],
    ["DWIM_MEMORY_HYBRID_VECTOR_WEIGHT", "abc", "[0, 1]"],
    ["DAEM0NMCP_SEARCH_DIVERSITY_MAX_PER_FILE", "-1", ">= 0"],
    ["DWIM_MEMORY_DIVERSITY_MAX_PER_FILE", "2.5", ">= 0"],
  ])("%s=%s names the variable, the value and the range", (name, value, range) => {
    const e = failure({ [name]: value });
    expect(e.payload.error_type).toBe("invalid_config");
    expect(e.message).toContain(name);
    expect(e.message).toContain(value);
    expect(e.message).toContain(range);
  });

  it("with both env names set, DWIM_ wins and the clash is reported", () => {
    const env = { DAEM0NMCP_HYBRID_VECTOR_WEIGHT: "0.2", DWIM_MEMORY_HYBRID_VECTOR_WEIGHT: "0.6" };
    const s = settingsFromEnv(env);
    expect(s.vectorWeight).toBe(0.6);
    expect(s.clashes).toEqual([
      {
        used: "DWIM_MEMORY_HYBRID_VECTOR_WEIGHT",
        ignored: "DAEM0NMCP_HYBRID_VECTOR_WEIGHT",
        used_value: "0.6",
        ignored_value: "0.2",
      },
    ]);
    const d = settingsFromEnv({
      DAEM0NMCP_SEARCH_DIVERSITY_MAX_PER_FILE: "2",
      DWIM_MEMORY_SEARCH_DIVERSITY_MAX_PER_FILE: "7",
    });
    expect(d.maxPerFile).toBe(7);
  });

  it("equal values are no clash", () => {
    expect(envClashes({ DAEM0NMCP_HYBRID_VECTOR_WEIGHT: "0.4", DWIM_MEMORY_HYBRID_VECTOR_WEIGHT: "0.4" })).toEqual([]);
  });
});
