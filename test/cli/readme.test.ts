import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { TOOLSETS } from "../../src/server/toolsets.js";

const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");

describe("README", () => {
  it("names every tool and its parameters", () => {
    for (const set of TOOLSETS) {
      for (const tool of set.tools) {
        expect(readme).toContain(`\`${tool.name}\``);
        for (const param of Object.keys(tool.input.shape)) expect(readme).toContain(`\`${param}`);
      }
    }
  });

  it("has a quick start of exactly two commands", () => {
    const quick = readme.split("## Quick start")[1].split("## ")[0];
    const block = /```sh\n([\s\S]*?)```/u.exec(quick)?.[1] ?? "";
    expect(block.trim().split("\n")).toEqual(["npm install && npm start -- --http 127.0.0.1:7077", "npm test"]);
  });
});
