/**
 * The conformance suite on the real PostgreSQL server (127.0.0.1:5432, database test), one schema per store, dropped
 * at the end. The server has no pgvector: the vector cases assert `degraded` and lexical-only recall. Fails, with how
 * to start the server, when it is not reachable.
 */
import { postgresBackend } from "./backends.js";
import { conformance } from "./conformance.js";

conformance(postgresBackend());
