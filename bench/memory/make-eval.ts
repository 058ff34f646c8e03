/**
 * Writes the memory evaluation set (bench/memory/data/*.jsonl), written for this project from templates: 36 modules of
 * an imaginary SaaS code base, 9 memories each (decision, pattern, warning, learning, a failed approach, a superseded
 * setting and its update, two more notes on one file), and graded queries in eight buckets. Deterministic (seeded).
 * Run: npx tsx bench/memory/make-eval.ts
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { rng } from "../lib/random.js";
import type { MemoryRow, QueryRow } from "./rows.js";

const OUT = join(dirname(fileURLToPath(import.meta.url)), "data");

const rand = rng(3);
const pascal = (s: string) => s.replace(/(^|-)(\w)/gu, (_, __, c: string) => c.toUpperCase());

const MODULES = [
  "billing",
  "auth",
  "search",
  "checkout",
  "inventory",
  "notifications",
  "reporting",
  "shipping",
  "catalog",
  "payments",
  "profile",
  "sessions",
  "uploads",
  "exports",
  "webhooks",
  "scheduler",
  "analytics",
  "pricing",
  "coupons",
  "reviews",
  "chat",
  "onboarding",
  "permissions",
  "audit",
  "geo",
  "email",
  "sms",
  "invoices",
  "refunds",
  "subscriptions",
  "tenants",
  "flags",
  "ledger",
  "importer",
  "thumbnails",
  "recommendations",
];

const TECH: Array<[string, string, string]> = [
  ["Redis sorted sets", "ranking", "ranked lists"],
  ["PostgreSQL advisory locks", "job deduplication", "avoiding duplicate jobs"],
  ["BullMQ", "background processing", "async work"],
  ["S3 presigned URLs", "file transfer", "moving files"],
  ["OpenSearch", "full-text lookup", "text search"],
  ["SQS FIFO queues", "ordered delivery", "keeping messages in order"],
  ["Temporal workflows", "long-running retries", "retrying long tasks"],
  ["ClickHouse", "event aggregation", "rolling up events"],
  ["Memcached", "hot-key caching", "keeping hot data in memory"],
  ["gRPC streaming", "service-to-service calls", "calls between services"],
  ["Debezium CDC", "change propagation", "syncing changes downstream"],
  ["Stripe Billing", "recurring charges", "charging customers monthly"],
];
const VERBS = ["reconcile", "validate", "resolve", "hydrate", "normalize", "enqueue", "lock", "snapshot", "verify"];
const NOUNS = ["Ledger", "Batch", "Cursor", "Token", "Window", "Quota", "Draft", "Manifest", "Snapshot"];
const CAUSES = [
  ["the upstream token expired mid-request", "an expired upstream token"],
  ["the idempotency key was reused with a different body", "a reused idempotency key"],
  ["the tenant exceeded its rate limit", "hitting the tenant rate limit"],
  ["a foreign key points at a deleted row", "a dangling foreign key"],
  ["the payload was larger than 256 KB", "an oversized payload"],
  ["the clock skew exceeded 30 seconds", "clock drift between hosts"],
];
const APPROACHES: Array<[string, string, string, string]> = [
  ["an in-memory LRU per pod", "a per-pod memory cache", "stale reads", "stale data after deploys"],
  [
    "optimistic locking with version columns",
    "version-column concurrency control",
    "lost updates under retries",
    "conflicting writes",
  ],
  [
    "pgbouncer transaction pooling",
    "transaction-mode connection pooling",
    "prepared statements",
    "too many connections",
  ],
  ["a cron job every minute", "a once-a-minute scheduled task", "overlapping runs", "missed deadlines"],
  [
    "client-side retries with no jitter",
    "retrying in the client without backoff",
    "a thundering herd",
    "flaky upstream calls",
  ],
  ["storing blobs in Postgres bytea columns", "keeping files inside the database", "vacuum stalls", "slow file reads"],
];
const PARAMS: Array<[string, string, string]> = [
  ["request timeout", "5s", "30s"],
  ["batch size", "100", "500"],
  ["retry limit", "3", "8"],
  ["pool size", "10", "40"],
  ["cache TTL", "60s", "15m"],
  ["page size", "20", "100"],
];
const FIXTURES = ["frozen-clock", "seeded-tenant", "fake-smtp", "recorded-http", "empty-db"];
const ABSENT = [
  "helm chart upgrade",
  "terraform workspace drift",
  "ios push certificate renewal",
  "android gradle plugin bump",
  "kubernetes ingress annotations",
  "figma design tokens export",
  "safari flexbox gap bug",
  "webpack module federation",
  "ledger nano firmware",
  "bluetooth pairing on linux",
  "unity shader compile",
  "latex bibliography style",
  "excel pivot table refresh",
  "docker desktop licence",
  "windows defender exclusions",
  "cobol copybook parsing",
  "matlab simulink model",
  "arduino serial monitor",
  "vim plugin manager",
  "spotify playlist api quota",
  "wordpress theme child",
  "salesforce apex trigger",
  "sap idoc mapping",
  "mainframe jcl step",
  "airflow dag backfill",
  "unreal engine lightmap",
  "photoshop action batch",
  "zoom sdk screen share",
  "garmin watch face",
  "ledger hardware wallet seed",
];

const NOW = "2025-06-01T00:00:00Z";
const daysAgo = (d: number) => new Date(Date.parse(NOW) - d * 86_400_000).toISOString();

const memories: MemoryRow[] = [];
const queries: QueryRow[] = [];
let q = 0;
const addQuery = (row: Omit<QueryRow, "qid" | "now">) => queries.push({ qid: `q${++q}`, now: NOW, ...row });

MODULES.forEach((module, mi) => {
  const P = pascal(module);
  const [tech, purpose, purposeSyn] = TECH[mi % TECH.length];
  const id1 = `${VERBS[mi % VERBS.length]}${P}${NOUNS[(mi * 5) % NOUNS.length]}`;
  const id2 = `${VERBS[(mi + 4) % VERBS.length]}${P}${NOUNS[(mi * 7 + 3) % NOUNS.length]}`;
  const code = `E_${module.slice(0, 3).toUpperCase()}_${String(100 + ((mi * 37) % 900)).padStart(3, "0")}`;
  const [cause, causeSyn] = CAUSES[mi % CAUSES.length];
  const [approach, approachSyn, broke, problem] = APPROACHES[mi % APPROACHES.length];
  const [param, v1, v2] = PARAMS[mi % PARAMS.length];
  const fixture = FIXTURES[mi % FIXTURES.length];
  const dir = `src/${module}/`;
  const m = (k: string) => `${module}-${k}`;
  const age = () => 5 + Math.floor(rand() * 200);

  memories.push(
    {
      id: m("decision"),
      category: "decision",
      content: `Use ${tech} for ${module} ${purpose}`,
      rationale: `It is what the platform team already operates for ${purpose}`,
      file_path: `${dir}index.ts`,
      created_at: daysAgo(age()),
    },
    {
      id: m("pattern"),
      category: "pattern",
      content: `All ${module} handlers call ${id1}() before writing to the database`,
      file_path: `${dir}handlers.ts`,
      created_at: daysAgo(age()),
    },
    {
      id: m("warning"),
      category: "warning",
      content: `Never call ${id2} inside a transaction in ${module}: it takes row locks and deadlocks under load`,
      file_path: `${dir}repository.ts`,
      created_at: daysAgo(age()),
    },
    {
      id: m("learning"),
      category: "learning",
      content: `${code} from the ${module} service means ${cause}`,
      rationale: "Found while debugging a production incident",
      created_at: daysAgo(age()),
    },
    {
      id: m("failed"),
      category: "decision",
      content: `Tried ${approach} for ${module} to fix ${problem}; it broke ${broke}`,
      worked: false,
      outcome: `Rolled back: ${broke}`,
      file_path: `${dir}service.ts`,
      created_at: daysAgo(age()),
    },
    {
      id: m("old"),
      category: "decision",
      content: `Set the ${module} ${param} to ${v1}`,
      file_path: `${dir}config.ts`,
      created_at: daysAgo(150 + Math.floor(rand() * 60)),
    },
    {
      id: m("new"),
      category: "decision",
      content: `Changed the ${module} ${param} to ${v2} after load testing`,
      file_path: `${dir}config.ts`,
      created_at: daysAgo(2 + Math.floor(rand() * 20)),
      supersedes: [m("old")],
    },
    {
      id: m("log"),
      category: "pattern",
      content: `${P} handlers log the tenant and request id on every error`,
      file_path: `${dir}handlers.ts`,
      created_at: daysAgo(age()),
    },
    {
      id: m("fixture"),
      category: "learning",
      content: `${P} handler tests need the ${fixture} fixture`,
      file_path: `${dir}handlers.ts`,
      created_at: daysAgo(age()),
    },
  );

  addQuery({ bucket: "exact_identifier", query: id1, relevant: { [m("pattern")]: 2 }, answerable: true });
  addQuery({ bucket: "exact_identifier", query: code, relevant: { [m("learning")]: 2 }, answerable: true });
  addQuery(
    mi % 2 === 0
      ? {
          bucket: "paraphrase",
          query: `what do we rely on for ${purposeSyn} in ${module}`,
          relevant: { [m("decision")]: 2 },
          answerable: true,
        }
      : {
          bucket: "paraphrase",
          query: `what does ${code.toLowerCase().replaceAll("_", " ")} mean, is it ${causeSyn}`,
          relevant: { [m("learning")]: 2 },
          answerable: true,
        },
  );
  addQuery({
    bucket: "knowledge_update",
    query: `what is the ${module} ${param}`,
    relevant: { [m("new")]: 2 },
    stale: [m("old")],
    answerable: true,
  });
  addQuery({
    bucket: "failed_approach",
    query: `should we use ${approachSyn} for ${problem} in ${module}`,
    relevant: { [m("failed")]: 2 },
    answerable: true,
  });
  if (mi < 20) {
    addQuery({
      bucket: "file_scoped",
      query: "handler conventions and tests",
      filters: { file_path: dir },
      relevant: { [m("pattern")]: 2, [m("log")]: 1, [m("fixture")]: 1 },
      answerable: true,
    });
  }
  if (mi >= 20) {
    addQuery({
      bucket: "multi_memory",
      query: `${module} handlers errors and tests`,
      relevant: { [m("pattern")]: 1, [m("log")]: 2, [m("fixture")]: 2 },
      answerable: true,
    });
    addQuery({
      bucket: "filter",
      query: `${module} locks under load`,
      filters: { categories: ["warning"] },
      relevant: { [m("warning")]: 2 },
      answerable: true,
    });
  }
});
for (const text of ABSENT) addQuery({ bucket: "abstention", query: text, relevant: {}, answerable: false });

mkdirSync(OUT, { recursive: true });
writeFileSync(join(OUT, "memories.jsonl"), `${memories.map((r) => JSON.stringify(r)).join("\n")}\n`);
writeFileSync(join(OUT, "queries.jsonl"), `${queries.map((r) => JSON.stringify(r)).join("\n")}\n`);
process.stdout.write(`${memories.length} memories, ${queries.length} queries → ${OUT}\n`);
