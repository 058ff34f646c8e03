import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // Server tests spawn real processes; keep them from timing out on a loaded 2-core CI machine.
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: "forks",
    // One scratch TMPDIR per run, removed at the end (fixture trees never pile up in /tmp); a PostgreSQL server for
    // the PostgreSQL tests (embedded PGlite when none answers, outside CI).
    globalSetup: ["test/helpers/scratch-tmp.ts", "test/helpers/postgres-server.ts"],
  },
});
