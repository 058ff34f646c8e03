/**
 * One call of the Universal Sentence Encoder lite, done the way `@energetic-ai/embeddings` does it (the same tokens,
 * the same graph, the same vectors bit for bit) at less cost per query: the tokeniser walks its trie in place instead
 * of copying the rest of the text at every character, and the graph runs synchronously (`execute`) instead of through
 * `executeAsync`. The graph holds two data-dependent ops (TensorFlow `Where`): which tokens fit the 128-token limit,
 * and which cells of the padded token matrix hold a token. Both follow from the token counts alone, so they are
 * computed here and fed to the graph by name; TensorFlow.js then runs the rest without awaiting between ops.
 * A single text (a query) skips the graph's executor altogether: use-lite-pass.ts runs only the ops that change a
 * value, with the same kernels in the same order.
 *
 * Whether the graph takes the fed values, and whether the single-text pass gives the graph's vectors, is checked once,
 * at load, against `executeAsync` on probe sentences: what differs in any bit is not used (see `UseLiteEncoder.path`).
 */
import { type PassTensor, type TensorOps, UseLitePass } from "./use-lite-pass.js";

/** The package's vocabulary: [piece, log-probability] by token id; ids below 6 are reserved (0 is the unknown). */
export type Vocabulary = ReadonlyArray<readonly [string, number]>;

const RESERVED_SYMBOLS = 6;
const WORD_START = "\u2581";

interface TrieNode {
  children: Map<string, TrieNode>;
  /** Set where a vocabulary piece ends. */
  piece?: { score: number; id: number };
}

/**
 * The SentencePiece-style tokeniser of `@energetic-ai/embeddings`: NFKC, spaces to U+2581 with one in front, then
 * the highest-scoring split into vocabulary pieces (ties go to the later start), unknown characters as id 0 with runs
 * merged. Its quirks are kept on purpose (a score of exactly 0 counts as "no split yet"; the walk back steps by the
 * chosen piece's UTF-16 length), since a different token would be a different vector.
 */
export class PieceTokenizer {
  private readonly root: TrieNode = { children: new Map() };

  constructor(private readonly vocabulary: Vocabulary) {
    for (let id = RESERVED_SYMBOLS; id < vocabulary.length; id++) {
      const [piece, score] = vocabulary[id];
      const symbols = Array.from(piece);
      if (symbols.length === 0) continue;
      let node = this.root;
      for (const s of symbols) {
        let next = node.children.get(s);
        if (!next) {
          next = { children: new Map() };
          node.children.set(s, next);
        }
        node = next;
      }
      node.piece = { score, id };
    }
  }

  encode(input: string): number[] {
    const normalized = input.normalize("NFKC");
    const text = normalized.length > 0 ? WORD_START + normalized.replace(/ /g, WORD_START) : normalized;
    const symbols = Array.from(text);
    const n = symbols.length;
    const best = new Float64Array(n + 1);
    const words = new Int32Array(n + 1);
    // Relaxing every piece that starts at `start`, starts in increasing order: each end position sees its candidate
    // pieces in the order the package's lattice visits them (by start), and best[start] is final when read.
    const relax = (start: number, end: number, score: number, id: number) => {
      const total = score + best[start];
      if (best[end] === 0 || total >= best[end]) {
        best[end] = total;
        words[end] = id;
      }
    };
    for (let start = 0; start < n; start++) {
      let node = this.root.children.get(symbols[start]);
      let matched = false;
      for (let i = start; i < n && node; i++) {
        if (node.piece) {
          relax(start, i + 1, node.piece.score, node.piece.id);
          matched = true;
        }
        node = i + 1 < n ? node.children.get(symbols[i + 1]) : undefined;
      }
      if (!matched) relax(start, start + 1, 0, 0);
    }
    const backwards: number[] = [];
    for (let at = n; at > 0; at -= this.vocabulary[words[at]][0].length) backwards.push(words[at]);
    const ids: number[] = [];
    let previousUnknown = false;
    for (const id of backwards) {
      if (!(previousUnknown && id === 0)) ids.push(id);
      previousUnknown = id === 0;
    }
    return ids.reverse();
  }
}

/** The TensorFlow.js calls used here (`@energetic-ai/core` re-exports them; its types are not installed). */
export type Tensor = PassTensor;
export interface TensorFactory extends TensorOps {
  tensor1d(values: Int32Array, dtype: "int32"): Tensor;
  tensor2d(values: Int32Array, shape: [number, number], dtype: "int32"): Tensor;
}
export interface Graph {
  execute(inputs: Record<string, Tensor>): Tensor;
  executeAsync(inputs: Record<string, Tensor>): Promise<Tensor>;
  readonly weights: Record<string, Tensor[] | undefined>;
}

const ENCODER = "module_apply_default/Encoder_en/KonaTransformer";
/** The rows of the sparse input kept by the length limit (Where over position < limit), flattened. */
const KEPT_ROWS = `${ENCODER}/ClipToMaxLength/Reshape`;
/** The limit itself, a constant of the graph. */
const MAX_LENGTH = `${ENCODER}/ClipToMaxLength/Less/y`;
/** The [text, position] of every kept token (Where over the padded matrix), and its position column. */
const TOKEN_CELLS = `${ENCODER}/Encode/TransformerStack/Layer_1/TransformerLayer/FFN/StoreMask/ToInt32`;
const TOKEN_POSITIONS = `${ENCODER}/Encode/TransformerStack/Layer_0/AddTimingSignal/strided_slice_2`;

/**
 * Texts the load-time check embeds every way: plain, unknown characters, one token, past the length limit (each also
 * alone, for the single-text pass), a batch.
 */
const PROBES: readonly (readonly string[])[] = [
  ["find where a function is defined"],
  ["naïve café — 東京 ✓ 𝔘𝔫𝔦𝔠𝔬𝔡𝔢", "x"],
  [Array.from({ length: 90 }, (_, i) => `word${i} and more`).join(" ")],
];

export class UseLiteEncoder {
  private readonly tokenizer: PieceTokenizer;
  private readonly maxLength: number | undefined;
  private fast = false;
  private pass: UseLitePass | undefined;

  constructor(
    private readonly tf: TensorFactory,
    private readonly graph: Graph,
    vocabulary: Vocabulary,
  ) {
    this.tokenizer = new PieceTokenizer(vocabulary);
    const limit = graph.weights[MAX_LENGTH]?.[0];
    this.maxLength = limit ? Number(limit.dataSync()[0]) : undefined;
  }

  /**
   * How a call runs: "pass" (a single text, use-lite-pass.ts; batches as "execute") once the load-time check passed
   * for it, "execute" once it passed for the fed graph, else "executeAsync".
   */
  get path(): "pass" | "execute" | "executeAsync" {
    return this.pass ? "pass" : this.fast ? "execute" : "executeAsync";
  }

  /** Compares every way on the probes; a faster way is used only if each of its vectors matched bit for bit. */
  async check(): Promise<void> {
    if (this.maxLength === undefined) return;
    for (const texts of PROBES) {
      const slow = await this.run(texts, false);
      let fast: Float32Array;
      try {
        fast = await this.run(texts, true);
      } catch {
        return;
      }
      if (!sameBits(slow, fast)) return;
    }
    this.fast = true;
    let pass: UseLitePass;
    try {
      pass = new UseLitePass(this.tf, this.graph.weights);
    } catch {
      return;
    }
    try {
      for (const text of PROBES.flat()) {
        const ids = this.tokenizer.encode(text);
        if (!sameBits(await this.run([text], false), pass.embed(ids))) return pass.dispose();
      }
    } catch {
      return pass.dispose();
    }
    this.pass = pass;
  }

  /** One 512-dimensional row per text, in order. */
  async embed(texts: readonly string[]): Promise<Float32Array[]> {
    if (this.pass && texts.length === 1) {
      const ids = this.tokenizer.encode(texts[0]);
      // A token the pass has no row for (none in the package's vocabulary) leaves the text to the graph.
      if (ids.length > 0 && this.pass.covers(ids)) return [this.pass.embed(ids)];
    }
    const flat = await this.run(texts, this.fast);
    const dim = flat.length / Math.max(1, texts.length);
    return texts.map((_, i) => flat.slice(i * dim, (i + 1) * dim));
  }

  private async run(texts: readonly string[], fast: boolean): Promise<Float32Array> {
    const encodings = texts.map((t) => this.tokenizer.encode(t));
    const total = encodings.reduce((s, e) => s + e.length, 0);
    const indices = new Int32Array(2 * total);
    const values = new Int32Array(total);
    let k = 0;
    encodings.forEach((ids, row) => {
      for (let position = 0; position < ids.length; position++, k++) {
        indices[2 * k] = row;
        indices[2 * k + 1] = position;
        values[k] = ids[position];
      }
    });
    const owned: Tensor[] = [this.tf.tensor2d(indices, [total, 2], "int32"), this.tf.tensor1d(values, "int32")];
    const inputs: Record<string, Tensor> = { indices: owned[0], values: owned[1] };
    try {
      if (!fast) {
        const out = await this.graph.executeAsync(inputs);
        owned.push(out);
        return Float32Array.from(out.dataSync());
      }
      const limit = this.maxLength ?? Number.POSITIVE_INFINITY;
      // The sparse rows are row-major (text, then position), so the kept rows and the cells of the padded matrix
      // come out in the order TensorFlow's Where lists them.
      const kept: number[] = [];
      const cells: number[] = [];
      const positions: number[] = [];
      let r = 0;
      encodings.forEach((ids, row) => {
        for (let position = 0; position < ids.length; position++, r++) {
          if (position >= limit) continue;
          kept.push(r);
          cells.push(row, position);
          positions.push(position);
        }
      });
      const fed = [
        this.tf.tensor1d(Int32Array.from(kept), "int32"),
        this.tf.tensor2d(Int32Array.from(cells), [kept.length, 2], "int32"),
        this.tf.tensor1d(Int32Array.from(positions), "int32"),
      ];
      owned.push(...fed);
      const out = this.graph.execute({
        ...inputs,
        [KEPT_ROWS]: fed[0],
        [TOKEN_CELLS]: fed[1],
        [TOKEN_POSITIONS]: fed[2],
      });
      owned.push(out);
      return Float32Array.from(out.dataSync());
    } finally {
      for (const t of owned) t.dispose();
    }
  }
}

function sameBits(a: Float32Array, b: Float32Array): boolean {
  return a.length === b.length && a.every((x, i) => Object.is(x, b[i]));
}
