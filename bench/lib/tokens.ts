/** Model-visible tokens of a listed tool, counted as the context bench and the budget test count them. */
export { countTokens } from "gpt-tokenizer/encoding/o200k_base";
export { modelVisibleTokens as modelTokens } from "../../test/helpers/model-tokens.js";
