/** The conformance suite on the embedded default: one SQLite file per project. */
import { sqliteBackend } from "./backends.js";
import { conformance } from "./conformance.js";

conformance(sqliteBackend);
