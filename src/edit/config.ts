/** The `[edit]` section of dwim.toml. */
import * as z from "zod";
import { type ConfigError, defineConfigSection } from "../core/config.js";

const llmDefaults = { timeout_ms: 10_000 };

const defaults = {
  fuzzy_policy: "hint" as const,
  llm_fixer: "off" as const,
  llm: llmDefaults,
  max_file_bytes: 10 * 1024 * 1024,
  fuzzy_work_budget: 20_000_000,
  allow_read_only: false,
  debug: false,
};

export const editSection = defineConfigSection({
  key: "edit",
  schema: z
    .strictObject({
      /** `hint`: a qualifying fuzzy candidate is returned as likely_fix; `apply`: it is applied. */
      fuzzy_policy: z.enum(["hint", "apply"]).default("hint"),
      /** Optional LLM corrector after the deterministic stages: off, propose a likely_fix, or apply. */
      llm_fixer: z.enum(["off", "hint", "apply"]).default("off"),
      llm: z
        .strictObject({
          /** argv of a command that reads the request as JSON on stdin and prints {old_str, new_str}. */
          command: z.array(z.string().min(1)).min(1).optional(),
          /** OpenAI-compatible chat completions URL. */
          endpoint: z.string().url().optional(),
          model: z.string().min(1).optional(),
          /** Name of the environment variable holding the endpoint's API key (never the key itself). */
          api_key_env: z.string().min(1).optional(),
          timeout_ms: z.number().int().min(100).max(10_000).default(10_000),
        })
        .default(llmDefaults),
      max_file_bytes: z.number().int().min(1).default(defaults.max_file_bytes),
      fuzzy_work_budget: z.number().int().min(0).default(defaults.fuzzy_work_budget),
      /** Replace files without write permission anyway (as `sed -i` does), keeping their mode. */
      allow_read_only: z.boolean().default(false),
      /** One stderr record per pipeline stage. */
      debug: z.boolean().default(false),
    })
    .default(defaults),
  env: {
    DWIM_EDIT_FUZZY_POLICY: "fuzzy_policy",
    DWIM_EDIT_LLM_FIXER: "llm_fixer",
    DWIM_EDIT_MAX_FILE_BYTES: "max_file_bytes",
    DWIM_EDIT_ALLOW_READ_ONLY: "allow_read_only",
    DWIM_EDIT_DEBUG: "debug",
  },
  guarded: [
    { key: "llm.command", grants: "runs a program" },
    { key: "llm.endpoint", grants: "sends file text to an endpoint" },
    { key: "llm.api_key_env", grants: "sends a secret from the environment to an endpoint" },
  ],
  check(value, source) {
    const errors: ConfigError[] = [];
    if (value.llm_fixer !== "off" && !value.llm.command && !value.llm.endpoint) {
      errors.push({
        source,
        key: "edit.llm_fixer",
        message: "llm_fixer is on but neither edit.llm.command nor edit.llm.endpoint is set; the fixer stays off",
      });
      return { value: { ...value, llm_fixer: "off" as const }, errors };
    }
    return { value, errors };
  },
});

export type EditConfig = z.infer<typeof editSection.schema>;
