/** The conformance suite on PostgreSQL with pgvector (PGlite + @electric-sql/pglite-pgvector over a socket): HNSW lane. */
import { pgvectorBackend } from "./backends.js";
import { conformance } from "./conformance.js";

conformance(pgvectorBackend());
