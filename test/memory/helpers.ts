/** Test helpers: a fresh project directory and a memory context opened on it. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "../../src/core/index.js";
import { type MemoryContext, memorySection, openMemory, remember } from "../../src/memory/index.js";
import { type Backend, sqliteBackend } from "./backends.js";

let backend: Backend = sqliteBackend;

/** The backend freshMemory and freshEnv open stores on (the conformance suite sets it per file). */
export function useBackend(b: Backend): void {
  backend = b;
}

/** Environment for a new, empty store on the current backend, plus `env`. */
export function freshEnv(env: Record<string, string | undefined> = {}): Record<string, string | undefined> {
  return { ...backend.freshEnv(), ...env };
}

const made: string[] = [];

export function tmpRoot(prefix = "dwim-mem-"): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

export function removeTmpRoots(): void {
  for (const d of made.splice(0)) rmSync(d, { recursive: true, force: true });
}

function configFor(env: Record<string, string | undefined> = {}) {
  return loadConfig({ sections: [memorySection], env, userFile: null, projectFile: null });
}

/**
 * Mechanics tests run on the deterministic hash provider unless they name one: its vectors are exact and cheap. The
 * shipped sentence encoder (the default) has its own tests in embeddings.test.ts.
 */
export async function memoryAt(
  root: string,
  env: Record<string, string | undefined> = {},
  now?: () => number,
): Promise<MemoryContext> {
  const withProvider = { DWIM_MEMORY_EMBEDDINGS: "hash", ...env };
  return openMemory({ config: configFor(withProvider), root, env: withProvider, now });
}

/** A fresh project with its own database (file or schema) on the current backend. */
export async function freshMemory(
  env: Record<string, string | undefined> = {},
  now?: () => number,
): Promise<MemoryContext> {
  return memoryAt(tmpRoot(), freshEnv(env), now);
}

/** Unrelated filler so that the rare-term abstention rule (>= 20 documents) is active. */
export const FILLER = [
  "Use pnpm workspaces for the monorepo packages",
  "Prettier runs in the pre-commit hook through lint-staged",
  "The CI pipeline caches node_modules keyed on the lockfile hash",
  "Feature flags live in LaunchDarkly and are read at boot",
  "Keep React components under 200 lines and split hooks out",
  "Dates are stored in UTC and rendered in the user's timezone",
  "The REST API uses cursor pagination with an opaque token",
  "Logging goes through pino with request ids in every line",
  "Secrets come from Vault at deploy time, never from .env files",
  "GraphQL resolvers must batch lookups with DataLoader",
  "Images are resized by a Lambda triggered on S3 upload",
  "The mobile app talks to the BFF, never to services directly",
  "Translations are extracted with i18next-parser on every build",
  "Stripe webhooks are verified with the signing secret",
  "Terraform state is kept in S3 with DynamoDB locking",
  "Use zod schemas at every API boundary for validation",
  "Email templates are MJML compiled at build time",
  "Background jobs run on BullMQ with Redis as the broker",
  "Kubernetes liveness probes hit /healthz and readiness hits /ready",
  "Use semantic-release to publish the SDK from main",
  "Sentry captures frontend errors with source maps uploaded by CI",
  "Playwright end-to-end tests run against a seeded staging database",
];

export async function rememberAll(
  mc: MemoryContext,
  contents: readonly string[],
  category = "learning",
): Promise<number[]> {
  const ids: number[] = [];
  for (const content of contents) ids.push((await remember(mc, { category, content })).id);
  return ids;
}
