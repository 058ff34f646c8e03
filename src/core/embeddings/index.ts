/** Embedding providers shared by the router and the memory. */
export { type CachedVectors, cachedDocumentVectors, packRows, vectorsKey } from "./cache.js";
export { createEndpointProvider, EndpointEmbeddings, type EndpointOptions } from "./endpoint.js";
export { createEmbeddingProvider, PROVIDER_SPECS, type ProviderChoice, type ProviderSpec } from "./factory.js";
export { HashEmbeddings, hashEmbed } from "./hash.js";
export { createOnnxProvider, missingModelFiles, OnnxEmbeddings } from "./onnx.js";
export { cosine, type EmbeddingProvider, embeddingUnavailable, l2normalize, MEMORY_SETTING } from "./provider.js";
export {
  batchesByLength,
  createSentenceEncoder,
  loadSentenceEncoder,
  SENTENCE_ENCODER_SPEC,
  SentenceEncoderEmbeddings,
  sentenceEncoderLoaded,
  sentenceEncoderProblem,
} from "./sentence-encoder.js";
