/**
 * The conformance suite on the test run's PostgreSQL server (the real one, or embedded PGlite on a machine without
 * one: test/helpers/postgres-server.ts), one schema per store, dropped at the end. The server has no pgvector: the
 * vector cases assert `degraded` and lexical-only recall. Fails, with how to start the server, when none is reachable.
 */
import { postgresBackend } from "./backends.js";
import { conformance } from "./conformance.js";

conformance(postgresBackend());
