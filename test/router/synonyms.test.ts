/**
 * WordNet synonyms (src/router/synonyms.ts) and their use in the lexical lane: a request word the catalog lacks meets
 * a tool through a synonym of its most frequent sense, at reduced credit; a request no tool fits stays unanswered.
 */
import { describe, expect, it } from "vitest";
import { sharedWordNet, WordNet } from "../../src/router/synonyms.js";
import { fixtureRouter } from "./helpers.js";

describe("WordNet synonyms", () => {
  it("gives the lemmas of a word's most frequent sense and its derivational forms", async () => {
    const wordnet = await sharedWordNet();
    expect(wordnet.synonymsOf("alter")).toEqual(expect.arrayContaining(["change", "modify"]));
    // derivationally related forms, both ways
    expect(wordnet.synonymsOf("definition")).toContain("define");
    expect(wordnet.synonymsOf("alter")).toContain("alteration");
    // an inflected form reaches its base form (WordNet's detachment rules), which is not listed as a synonym
    expect(wordnet.synonymsOf("kilos")).toContain("kilogram");
    expect(wordnet.synonymsOf("kilos")).not.toContain("kilo");
    expect(wordnet.synonymsOf("ALTER")).toEqual(wordnet.synonymsOf("alter"));
  });

  it("keeps only the most frequent sense of a polysemous word", async () => {
    const wordnet = await sharedWordNet();
    // run: 41 verb senses and 16 noun senses; operate, campaign and tally are other senses'
    for (const loose of ["operate", "campaign", "tally", "flow"])
      expect(wordnet.synonymsOf("run")).not.toContain(loose);
    // picture is mostly a noun: not the verb sense whose synonyms are see and project
    expect(wordnet.synonymsOf("picture")).toContain("image");
    expect(wordnet.synonymsOf("picture")).not.toContain("see");
  });

  it("answers nothing for an unknown word or a non-word", async () => {
    const wordnet = await sharedWordNet();
    expect(wordnet.synonymsOf("qzxvwk")).toEqual([]);
    expect(wordnet.synonymsOf("")).toEqual([]);
    expect(wordnet.synonymsOf("foo/bar")).toEqual([]);
    expect(wordnet.synonymsOf("skeleton_extract")).toEqual([]);
  });

  it("loads without holding the event loop", async () => {
    let ticked = false;
    const timer = setTimeout(() => {
      ticked = true;
    }, 0);
    const loading = WordNet.load();
    expect(ticked).toBe(false);
    await loading;
    clearTimeout(timer);
    // The files are read asynchronously: a timer due meanwhile ran before the load finished.
    expect(ticked).toBe(true);
  });

  it("rejects when the database folder is missing", async () => {
    await expect(WordNet.load("/nonexistent/wordnet-dict")).rejects.toThrow();
  });
});

describe("synonyms in the lexical lane", () => {
  const withSynonyms = fixtureRouter({ env: { DWIM_ROUTER_EMBEDDINGS: "none" } });
  const without = fixtureRouter({ env: { DWIM_ROUTER_EMBEDDINGS: "none", DWIM_ROUTER_SYNONYMS: "0" } });

  it("ranks the tool whose word is a synonym of the request's", async () => {
    expect(await withSynonyms.synonymsReady()).toBe(true);
    // alter: edit_file says change and modify, no tool says alter
    expect(withSynonyms.rank("alter the greeting in hello.txt")[0]?.tool.name).toBe("edit_file");
    expect(await without.synonymsReady()).toBe(false);
    expect(without.rank("alter the greeting in hello.txt")).toEqual([]);
  });

  it("counts a synonym for less than the word itself", async () => {
    await withSynonyms.synonymsReady();
    const [viaSynonym] = withSynonyms.rank("alter the file");
    const [asWritten] = withSynonyms.rank("modify the file");
    expect(viaSynonym.tool.name).toBe("edit_file");
    expect(viaSynonym.breakdown.lexical).toBeLessThan(asWritten.breakdown.lexical);
  });

  it("leaves off-topic requests unanswered", async () => {
    for (const q of [
      "summarise the news today",
      "schedule a meeting with the design team on friday",
      "order a pizza with extra cheese",
      "open a savings account at my bank",
      "run a marathon in under four hours",
    ]) {
      expect((await withSynonyms.analyzeIntent(q)).matches, q).toEqual([]);
    }
  });
});
