/**
 * Versioned schema migrations (`PRAGMA user_version`). Each runs inside one `BEGIN IMMEDIATE` transaction and the
 * version is re-read under that lock, so two processes opening a new database apply each migration exactly once.
 */
import type Database from "better-sqlite3";

export interface Migration {
  version: number;
  description: string;
  sql: string;
}

/** The memories table's columns, as version 1 created them (version 3 adds AUTOINCREMENT to the id). */
const MEMORY_COLUMNS = `
        id INTEGER PRIMARY KEY,
        category TEXT NOT NULL CHECK (category IN ('decision', 'pattern', 'warning', 'learning')),
        content TEXT NOT NULL,
        rationale TEXT,
        tags TEXT NOT NULL DEFAULT '',
        inferred_tags TEXT NOT NULL DEFAULT '',
        file_path TEXT,
        context TEXT,
        ident_terms TEXT NOT NULL DEFAULT '',
        content_key TEXT NOT NULL DEFAULT '',
        worked INTEGER,
        outcome TEXT,
        pinned INTEGER NOT NULL DEFAULT 0,
        archived INTEGER NOT NULL DEFAULT 0,
        superseded_by INTEGER,
        created_at INTEGER NOT NULL,
        happened_at INTEGER,
        recall_count INTEGER NOT NULL DEFAULT 0`;

const MEMORY_COLUMN_NAMES = [
  "id",
  "category",
  "content",
  "rationale",
  "tags",
  "inferred_tags",
  "file_path",
  "context",
  "ident_terms",
  "content_key",
  "worked",
  "outcome",
  "pinned",
  "archived",
  "superseded_by",
  "created_at",
  "happened_at",
  "recall_count",
].join(", ");

const MEMORY_INDEXES = `
      CREATE INDEX memories_file_path ON memories(file_path);
      CREATE INDEX memories_visible ON memories(archived, superseded_by);
      CREATE INDEX memories_content_key ON memories(content_key);
      CREATE INDEX memories_notable ON memories(id) WHERE worked = 0 OR category = 'warning';`;

/** The triggers that keep the external-content FTS5 index in step with `memories`. */
const FTS_TRIGGERS = `
      CREATE TRIGGER memories_fts_insert AFTER INSERT ON memories BEGIN
        INSERT INTO memory_fts(rowid, content, rationale, tags, file_path, ident_terms)
        VALUES (new.id, new.content, new.rationale, new.tags, new.file_path, new.ident_terms);
      END;
      CREATE TRIGGER memories_fts_delete AFTER DELETE ON memories BEGIN
        INSERT INTO memory_fts(memory_fts, rowid, content, rationale, tags, file_path, ident_terms)
        VALUES ('delete', old.id, old.content, old.rationale, old.tags, old.file_path, old.ident_terms);
      END;
      CREATE TRIGGER memories_fts_update AFTER UPDATE OF content, rationale, tags, file_path, ident_terms ON memories
      BEGIN
        INSERT INTO memory_fts(memory_fts, rowid, content, rationale, tags, file_path, ident_terms)
        VALUES ('delete', old.id, old.content, old.rationale, old.tags, old.file_path, old.ident_terms);
        INSERT INTO memory_fts(rowid, content, rationale, tags, file_path, ident_terms)
        VALUES (new.id, new.content, new.rationale, new.tags, new.file_path, new.ident_terms);
      END;`;

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    description: "memories, tags, outcomes, links, embeddings meta, FTS5 mirror",
    sql: `
      CREATE TABLE memories (${MEMORY_COLUMNS});
      ${MEMORY_INDEXES}
      CREATE TABLE memory_tags (
        memory_id INTEGER NOT NULL,
        tag TEXT NOT NULL,
        inferred INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (memory_id, tag)
      ) WITHOUT ROWID;
      CREATE INDEX memory_tags_tag ON memory_tags(tag, memory_id);
      CREATE TABLE outcomes (
        id INTEGER PRIMARY KEY,
        memory_id INTEGER NOT NULL,
        worked INTEGER NOT NULL,
        outcome TEXT,
        created_at INTEGER NOT NULL
      );
      CREATE INDEX outcomes_memory ON outcomes(memory_id);
      CREATE TABLE links (
        from_id INTEGER NOT NULL,
        to_id INTEGER NOT NULL,
        kind TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        PRIMARY KEY (from_id, to_id, kind)
      ) WITHOUT ROWID;
      CREATE INDEX links_to ON links(to_id);
      CREATE TABLE embeddings_meta (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        model_id TEXT NOT NULL,
        dim INTEGER NOT NULL
      );
      CREATE TABLE migrations_applied (
        version INTEGER NOT NULL,
        applied_at INTEGER NOT NULL,
        pid INTEGER NOT NULL
      );
      CREATE VIRTUAL TABLE memory_fts USING fts5(
        content, rationale, tags, file_path, ident_terms,
        content = 'memories', content_rowid = 'id', tokenize = 'porter unicode61'
      );
      ${FTS_TRIGGERS}
    `,
  },
  {
    version: 2,
    description: "memories in one context, in order: a conversation's turns are each other's neighbours",
    sql: "CREATE INDEX memories_context ON memories(context, id) WHERE context IS NOT NULL;",
  },
  {
    version: 3,
    description: "ids are never reused: memories rebuilt with AUTOINCREMENT (a purged id stays given out)",
    // Without AUTOINCREMENT SQLite hands out max(id) + 1, so purging the newest memory gave its id to the next one
    // and a stale record_outcome landed on it. The copy keeps every id, and sqlite_sequence starts at the highest;
    // a damaged row (a category outside the CHECK) is copied as it is (see docs/memory.md, "Ids").
    sql: `
      PRAGMA ignore_check_constraints = ON;
      CREATE TABLE memories_v3 (${MEMORY_COLUMNS.replace("id INTEGER PRIMARY KEY", "id INTEGER PRIMARY KEY AUTOINCREMENT")});
      INSERT INTO memories_v3 SELECT ${MEMORY_COLUMN_NAMES} FROM memories;
      PRAGMA ignore_check_constraints = OFF;
      DROP TABLE memories;
      ALTER TABLE memories_v3 RENAME TO memories;
      ${MEMORY_INDEXES}
      CREATE INDEX memories_context ON memories(context, id) WHERE context IS NOT NULL;
      ${FTS_TRIGGERS}
    `,
  },
];

export const SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1].version;
/** The oldest version a read-only database is served at: version 3 changed only how new ids are given out. */
export const READABLE_SCHEMA_VERSION = 2;

/** Applies the pending migrations; returns the versions this call applied (none when another process did). */
export function migrate(db: Database.Database): number[] {
  const applied: number[] = [];
  const run = db.transaction(() => {
    // Re-read under the write lock: another process may have migrated while we waited for it.
    const current = db.pragma("user_version", { simple: true }) as number;
    for (const m of MIGRATIONS) {
      if (m.version <= current) continue;
      db.exec(m.sql);
      db.prepare("INSERT INTO migrations_applied(version, applied_at, pid) VALUES (?, ?, ?)").run(
        m.version,
        Date.now(),
        process.pid,
      );
      db.pragma(`user_version = ${m.version}`);
      applied.push(m.version);
    }
  });
  if ((db.pragma("user_version", { simple: true }) as number) < SCHEMA_VERSION) run.immediate();
  return applied;
}
