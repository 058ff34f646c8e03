/**
 * The Universal Sentence Encoder lite's arithmetic for one text, op by op, without TensorFlow.js's graph executor.
 *
 * The graph is written for a padded batch: of its ~250 ops per call, most compute shapes (Shape, StridedSlice, Pack,
 * Prod, ConcatV2), move tokens between the padded matrix and the list of real tokens (ScatterNd, GatherNd), or build
 * the padding mask; for a single text every one of those is an identity or a constant. This pass runs only the ops
 * that change a value (about 120), with the same kernels on the same shapes in the same order, so the vector is the
 * graph's bit for bit (checked at load against the graph itself, see `UseLiteEncoder.check`; test/core/use-lite.test.ts).
 * Computed once instead of per call: the timing signal (sine and cosine of each position, which depends on the
 * position alone); skipped: the padding bias, which for a single text is all zeros (adding -0 changes no value).
 * The matrix products, which are most of the cost and grow with the text, are unchanged (docs/router.md, Semantic
 * lane, has the measured split).
 */

/** A tensor as far as this pass uses one. */
export interface PassTensor {
  readonly shape: number[];
  dataSync(): ArrayLike<number>;
  dispose(): void;
}

/** The TensorFlow.js ops the pass calls (`@energetic-ai/core` exports them). */
export interface TensorOps {
  tidy<T>(fn: () => T): T;
  keep<T extends PassTensor>(t: T): T;
  tensor(values: Float32Array, shape: number[], dtype: "float32"): PassTensor;
  scalar(value: number, dtype: "float32"): PassTensor;
  range(start: number, stop: number, step: number, dtype: "int32"): PassTensor;
  cast(x: PassTensor, dtype: "float32"): PassTensor;
  slice(x: PassTensor, begin: number[], size: number[]): PassTensor;
  reshape(x: PassTensor, shape: number[]): PassTensor;
  expandDims(x: PassTensor, axis: number): PassTensor;
  squeeze(x: PassTensor, axis: number[]): PassTensor;
  transpose(x: PassTensor, perm: number[]): PassTensor;
  split(x: PassTensor, sizes: number[], axis: number): PassTensor[];
  concat(xs: PassTensor[], axis: number): PassTensor;
  add(a: PassTensor, b: PassTensor): PassTensor;
  sub(a: PassTensor, b: PassTensor): PassTensor;
  mul(a: PassTensor, b: PassTensor): PassTensor;
  div(a: PassTensor, b: PassTensor): PassTensor;
  maximum(a: PassTensor, b: PassTensor): PassTensor;
  square(x: PassTensor): PassTensor;
  rsqrt(x: PassTensor): PassTensor;
  relu(x: PassTensor): PassTensor;
  tanh(x: PassTensor): PassTensor;
  sin(x: PassTensor): PassTensor;
  cos(x: PassTensor): PassTensor;
  softmax(x: PassTensor): PassTensor;
  mean(x: PassTensor, axis: number, keepDims: boolean): PassTensor;
  sum(x: PassTensor, axis: number, keepDims?: boolean): PassTensor;
  matMul(a: PassTensor, b: PassTensor, transposeA?: boolean, transposeB?: boolean): PassTensor;
  conv2d(x: PassTensor, filter: PassTensor, strides: number, pad: "valid"): PassTensor;
}

const ENCODER = "module_apply_default/Encoder_en/KonaTransformer";
const STACK = `${ENCODER}/Encode/TransformerStack`;
const HEADS = 4;

interface Layer {
  /** Width of the layer's input (the token embeddings are 256 wide, the stack's output 512). */
  width: number;
  norm: [PassTensor, PassTensor];
  qkv: PassTensor;
  qkvBias: PassTensor;
  output: PassTensor;
  outputBias: PassTensor;
  queryScale: PassTensor;
  /** Layer 0 only: the projection of its 256-wide input to the 512-wide residual. */
  residual?: [PassTensor, PassTensor];
  ffnNorm: [PassTensor, PassTensor];
  ffn1: [PassTensor, PassTensor];
  ffn2: [PassTensor, PassTensor];
}

type Weights = Record<string, PassTensor[] | undefined>;

export class UseLitePass {
  /**
   * The token embeddings [vocabulary, 256], copied out once (8 MB): a text's rows are copied from here, since
   * TensorFlow.js's WebAssembly gather took about 1 ms for 40 rows and a copy takes a tenth of that.
   */
  private readonly embeddings: Float32Array;
  private readonly layers: Layer[];
  private readonly epsilon: PassTensor;
  private readonly hidden: [PassTensor, PassTensor];
  private readonly l2Floor: PassTensor;
  /** The graph's limit on tokens per text; later tokens are dropped, as the graph's ClipToMaxLength does. */
  readonly maxLength: number;
  /** [maxLength, 256]: the timing signal of every position. */
  private readonly signal: PassTensor;

  /** Throws when the graph's weights are not the ones this pass was written for (the caller then keeps the graph). */
  constructor(
    private readonly tf: TensorOps,
    weights: Weights,
  ) {
    const w = (name: string): PassTensor => {
      const t = weights[name]?.[0];
      if (!t) throw new Error(`The sentence encoder's graph has no weight ${name}`);
      return t;
    };
    this.embeddings = new Float32Array(w("module/Embeddings_en").dataSync());
    this.layers = [0, 1].map((l): Layer => {
      const params = `${ENCODER}/Encode/Layer_${l}/TransformerLayer`;
      const ops = `${STACK}/Layer_${l}/TransformerLayer`;
      const kernels = `module/Encoder_en/KonaTransformer/Encode/Layer_${l}/TransformerLayer/MultiheadAttention`;
      const norm = (at: string): [PassTensor, PassTensor] => [
        w(`${at}/layer_prepostprocess/layer_norm/layer_norm_scale/ConcatPartitions/concat`),
        w(`${at}/layer_prepostprocess/layer_norm/layer_norm_bias/ConcatPartitions/concat`),
      ];
      return {
        width: l === 0 ? 256 : 512,
        norm: norm(params),
        qkv: w(`${kernels}/qkv_transform_single/kernel/part_0`),
        qkvBias: w(`${params}/MultiheadAttention/qkv_transform_single/bias/ConcatPartitions/concat`),
        output: w(`${kernels}/output_transform_single/kernel/part_0`),
        outputBias: w(`${params}/MultiheadAttention/output_transform_single/bias/ConcatPartitions/concat`),
        queryScale: w(`${ops}/MultiheadAttention/mul/y`),
        residual:
          l === 0
            ? [w(`${params}/dense/kernel/ConcatPartitions/concat`), w(`${params}/dense/bias/ConcatPartitions/concat`)]
            : undefined,
        ffnNorm: norm(`${params}/FFN`),
        ffn1: [w(`${ops}/FFN/conv1/Tensordot/Reshape_1`), w(`${params}/FFN/conv1/bias/ConcatPartitions/concat`)],
        ffn2: [w(`${ops}/FFN/conv2/Tensordot/Reshape_1`), w(`${params}/FFN/conv2/bias/ConcatPartitions/concat`)],
      };
    });
    this.epsilon = w(`${STACK}/Layer_1/TransformerLayer/FFN/layer_prepostprocess/layer_norm/Cast/x`);
    this.hidden = [
      w("module/Encoder_en/hidden_layers/tanh_layer_0/weights"),
      w("module/Encoder_en/hidden_layers/tanh_layer_0/bias"),
    ];
    this.l2Floor = w("module_apply_default/Encoder_en/hidden_layers/l2_normalize/Maximum/y");
    this.maxLength = Number(w(`${ENCODER}/ClipToMaxLength/Less/y`).dataSync()[0]);
    const inverseTimescales = w(`${STACK}/Layer_0/AddTimingSignal/TimingSignal/ExpandDims_1`);
    this.signal = tf.tidy(() => {
      const positions = tf.expandDims(tf.cast(tf.range(0, this.maxLength, 1, "int32"), "float32"), 1);
      const scaled = tf.mul(positions, inverseTimescales);
      return tf.keep(tf.concat([tf.sin(scaled), tf.cos(scaled)], 1));
    });
  }

  /** Frees the one tensor the pass made itself (the weights belong to the graph). */
  dispose(): void {
    this.signal.dispose();
  }

  /** Whether every token id has an embedding row. */
  covers(ids: readonly number[]): boolean {
    const rows = this.embeddings.length / 256;
    return ids.every((id) => Number.isInteger(id) && id >= 0 && id < rows);
  }

  /** The 512-dimensional vector of one text's token ids (at least one, each `covers`ed). */
  embed(ids: readonly number[]): Float32Array {
    const { tf } = this;
    const n = Math.min(ids.length, this.maxLength);
    if (n < 1) throw new Error("The sentence encoder's pass needs at least one token");
    const rows = new Float32Array(n * 256);
    for (let i = 0; i < n; i++) {
      rows.set(this.embeddings.subarray(ids[i] * 256, (ids[i] + 1) * 256), i * 256);
    }
    return tf.tidy(() => {
      const tokens = tf.tensor(rows, [n, 256], "float32");
      // The graph adds the timing signal to the embeddings, then adds the embeddings once more.
      const timed = tf.add(tokens, tf.slice(this.signal, [0, 0], [n, 256]));
      const x0 = tf.reshape(tf.add(tokens, timed), [1, n, 256]);
      const [first, second] = this.layers;
      const [dense, denseBias] = first.residual as [PassTensor, PassTensor];
      const residual = tf.reshape(tf.add(tf.matMul(tf.reshape(x0, [n, 256]), dense), denseBias), [1, n, 512]);
      const a0 = tf.add(this.attention(this.norm(x0, first.norm), first, n), residual);
      const f0 = tf.add(this.ffn(a0, first, n), a0);
      const a1 = tf.add(this.attention(this.norm(f0, second.norm), second, n), f0);
      const f1 = tf.add(this.ffn(a1, second, n), a1);
      const pooled = tf.div(tf.sum(f1, 1), tf.reshape(tf.scalar(n, "float32"), [1, 1]));
      const t = tf.tanh(tf.add(tf.matMul(pooled, this.hidden[0]), this.hidden[1]));
      const out = tf.mul(t, tf.rsqrt(tf.maximum(tf.sum(tf.square(t), 1, true), this.l2Floor)));
      return Float32Array.from(out.dataSync());
    });
  }

  private norm(x: PassTensor, [scale, bias]: [PassTensor, PassTensor]): PassTensor {
    const { tf } = this;
    const centred = tf.sub(x, tf.mean(x, -1, true));
    const variance = tf.mean(tf.square(centred), -1, true);
    return tf.add(tf.mul(tf.mul(scale, tf.rsqrt(tf.add(variance, this.epsilon))), centred), bias);
  }

  private attention(x: PassTensor, layer: Layer, n: number): PassTensor {
    const { tf } = this;
    const width = layer.width;
    const qkv = tf.squeeze(tf.add(tf.conv2d(tf.expandDims(x, 2), layer.qkv, 1, "valid"), layer.qkvBias), [2]);
    const [q, k, v] = tf.split(qkv, [width, width, width], 2);
    const heads = (t: PassTensor) => tf.transpose(tf.reshape(t, [1, n, HEADS, width / HEADS]), [0, 2, 1, 3]);
    const scores = tf.matMul(tf.mul(heads(q), layer.queryScale), heads(k), false, true);
    const weights = tf.reshape(tf.softmax(tf.reshape(scores, [-1, n])), [1, HEADS, n, n]);
    const mixed = tf.reshape(tf.transpose(tf.matMul(weights, heads(v)), [0, 2, 1, 3]), [1, n, width]);
    return tf.squeeze(tf.add(tf.conv2d(tf.expandDims(mixed, 2), layer.output, 1, "valid"), layer.outputBias), [2]);
  }

  private ffn(x: PassTensor, layer: Layer, n: number): PassTensor {
    const { tf } = this;
    const normed = tf.reshape(this.norm(x, layer.ffnNorm), [n, 512]);
    const hidden = tf.relu(tf.add(tf.matMul(normed, layer.ffn1[0]), layer.ffn1[1]));
    return tf.reshape(tf.add(tf.matMul(hidden, layer.ffn2[0]), layer.ffn2[1]), [1, n, 512]);
  }
}
