/** list_capabilities: a namespace written with a slip (`unit`, `memroy`) is read as the one meant and reported. */
import { describe, expect, it } from "vitest";
import { listCapabilities } from "../../src/router/capabilities.js";
import { fixtureRouter } from "./helpers.js";

const router = fixtureRouter();
const names = (out: Record<string, unknown>) => (out.tools as Array<{ name: string }>).map((t) => t.name);

describe("list_capabilities namespace", () => {
  it("as written lists that namespace's tools, with nothing to report", () => {
    const out = listCapabilities(router, { namespace: "units", detail: "names" });
    expect(names(out)).toContain("convert");
    expect(out.did_you_mean).toBeUndefined();
  });

  it.each([
    ["unit", "units"],
    ["Units", "units"],
    ["memroy", "memory"],
  ])("%s is read as %s and reported", (asked, meant) => {
    const out = listCapabilities(router, { namespace: asked, detail: "names" });
    expect(names(out)).toEqual(names(listCapabilities(router, { namespace: meant, detail: "names" })));
    expect(out.did_you_mean).toMatchObject({
      corrections: [{ parameter: "namespace", original: asked, corrected: meant }],
    });
  });

  it("one that matches nothing lists none and names every namespace", () => {
    const out = listCapabilities(router, { namespace: "xyzzy" });
    expect(out.tools).toEqual([]);
    expect(String(out.hint)).toMatch(/^No tools in namespace 'xyzzy'\. Namespaces: .*units/u);
  });
});
