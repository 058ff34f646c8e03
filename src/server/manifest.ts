/**
 * Generated from the tool definitions by `npm run docs` (src/server/manifest-source.ts); do not edit by hand.
 * What the CLI needs to list and parse every subcommand without loading any toolset.
 */
import type { ToolsetManifest } from "./manifest-types.js";

export type { ParamManifest, ToolManifest, ToolsetManifest } from "./manifest-types.js";

export const MANIFEST: readonly ToolsetManifest[] = [
  {
    "name": "search",
    "description": "Fuzzy code and file search (ripgrep + fzf semantics) that recognises regex/fuzzy mix-ups",
    "sections": [
      "search"
    ],
    "tools": [
      {
        "name": "fuzzy_search_content",
        "command": "search",
        "summary": "Search lines of code with an fzf query (fuzzy_filter), optionally preselected by a ripgrep regex (regex_pattern).",
        "positional": [
          "fuzzy_filter",
          "path"
        ],
        "params": [
          {
            "name": "fuzzy_filter",
            "required": true,
            "type": "string",
            "description": "fzf query: words AND-ed, 'exact, 'word' (boundaries), ^prefix, suffix$, !not, a | b for OR. e.g. \"handler 'error !test\""
          },
          {
            "name": "path",
            "required": false,
            "type": "string",
            "description": "File or directory to search, inside the allowed roots"
          },
          {
            "name": "hidden",
            "required": false,
            "type": "boolean",
            "description": "Include hidden files"
          },
          {
            "name": "limit",
            "required": false,
            "type": "integer"
          },
          {
            "name": "offset",
            "required": false,
            "type": "integer"
          },
          {
            "name": "max_chars",
            "required": false,
            "type": "integer",
            "description": "Cap on the answer's size (default 20000)"
          },
          {
            "name": "auto_retry",
            "required": false,
            "type": "boolean",
            "description": "Retry once with a confident correction when nothing matched (default on)"
          },
          {
            "name": "case",
            "required": false,
            "type": "string",
            "enum": [
              "smart",
              "ignore",
              "respect"
            ]
          },
          {
            "name": "regex_pattern",
            "required": false,
            "type": "string",
            "description": "Rust regex preselecting lines (ripgrep); default '.' = every non-empty line"
          },
          {
            "name": "rg_flags",
            "required": false,
            "type": "string",
            "description": "Allow-listed ripgrep flags, e.g. \"-g '*.go' -w\" or [\"-t\",\"py\"]"
          },
          {
            "name": "multiline",
            "required": false,
            "type": "boolean",
            "description": "Match whole files (path, then all content) instead of lines"
          },
          {
            "name": "content_only",
            "required": false,
            "type": "boolean",
            "description": "Terms match the line only, not its path"
          },
          {
            "name": "context_lines",
            "required": false,
            "type": "integer"
          }
        ],
        "destructive": false
      },
      {
        "name": "fuzzy_search_files",
        "command": "files",
        "summary": "Find files by path with an fzf query (fuzzy_filter), honouring .gitignore.",
        "positional": [
          "fuzzy_filter",
          "path"
        ],
        "params": [
          {
            "name": "fuzzy_filter",
            "required": true,
            "type": "string",
            "description": "fzf query: words AND-ed, 'exact, 'word' (boundaries), ^prefix, suffix$, !not, a | b for OR. e.g. \"handler 'error !test\""
          },
          {
            "name": "path",
            "required": false,
            "type": "string",
            "description": "File or directory to search, inside the allowed roots"
          },
          {
            "name": "hidden",
            "required": false,
            "type": "boolean",
            "description": "Include hidden files"
          },
          {
            "name": "limit",
            "required": false,
            "type": "integer"
          },
          {
            "name": "offset",
            "required": false,
            "type": "integer"
          },
          {
            "name": "max_chars",
            "required": false,
            "type": "integer",
            "description": "Cap on the answer's size (default 20000)"
          },
          {
            "name": "auto_retry",
            "required": false,
            "type": "boolean",
            "description": "Retry once with a confident correction when nothing matched (default on)"
          },
          {
            "name": "case",
            "required": false,
            "type": "string",
            "enum": [
              "smart",
              "ignore",
              "respect"
            ]
          },
          {
            "name": "multiline",
            "required": false,
            "type": "boolean",
            "description": "Match file contents (and path) instead of the path only"
          },
          {
            "name": "rg_flags",
            "required": false,
            "type": "string",
            "description": "Allow-listed ripgrep flags, e.g. \"-g '*.go' -w\" or [\"-t\",\"py\"]"
          }
        ],
        "destructive": false
      }
    ]
  },
  {
    "name": "edit",
    "description": "Read files as numbered lines and edit them with self-correcting old_str/new_str replacement",
    "sections": [
      "edit"
    ],
    "tools": [
      {
        "name": "read_file",
        "command": "read",
        "summary": "Read a text file as numbered lines (`cat -n` layout: the number, a TAB, the text), with its sha256 for edit_file's expected_hash.",
        "positional": [
          "path"
        ],
        "params": [
          {
            "name": "path",
            "required": true,
            "type": "string",
            "description": "File to read, relative to the working directory or absolute inside an allowed root"
          },
          {
            "name": "offset",
            "required": false,
            "type": "integer",
            "description": "First line to show (1-based); default 1"
          },
          {
            "name": "limit",
            "required": false,
            "type": "integer",
            "description": "Number of lines to show; default 2000, at most 5000"
          },
          {
            "name": "line_numbers",
            "required": false,
            "type": "boolean",
            "description": "Prefix each line with its number and a TAB; default true"
          }
        ],
        "destructive": false
      },
      {
        "name": "edit_file",
        "command": "edit",
        "summary": "Replace old_str with new_str in a file (exactly expected_replacements occurrences, default 1), or create the file when old_str is empty.",
        "positional": [
          "path"
        ],
        "params": [
          {
            "name": "path",
            "required": true,
            "type": "string",
            "description": "File to edit or create"
          },
          {
            "name": "old_str",
            "required": true,
            "type": "string",
            "description": "Text to replace, copied from the file; empty to create a new file"
          },
          {
            "name": "new_str",
            "required": true,
            "type": "string",
            "description": "Replacement text"
          },
          {
            "name": "expected_replacements",
            "required": false,
            "type": "integer",
            "description": "How many occurrences of old_str to replace; default 1. A different count is an error"
          },
          {
            "name": "replace_all",
            "required": false,
            "type": "boolean",
            "description": "Replace every exact occurrence (no corrections then)"
          },
          {
            "name": "dry_run",
            "required": false,
            "type": "boolean",
            "description": "Report the diff without writing"
          },
          {
            "name": "expected_hash",
            "required": false,
            "type": "string",
            "description": "sha256 of the file as read_file or edit_file last reported it; a changed file is refused"
          }
        ],
        "destructive": true
      }
    ]
  },
  {
    "name": "units",
    "description": "Unit conversion with dimensional and kind-of-quantity checks, factor chains, and structured recovery.",
    "sections": [
      "units"
    ],
    "tools": [
      {
        "name": "convert",
        "command": "convert",
        "summary": "Convert a value between units (km→mi, °F→°C, mg/dL→mmol/L with a molar mass).",
        "positional": [
          "value",
          "from_unit",
          "to_unit"
        ],
        "params": [
          {
            "name": "value",
            "required": true,
            "type": "number",
            "description": "The number to convert"
          },
          {
            "name": "from_unit",
            "required": true,
            "type": "string",
            "description": "Unit of the value: kg, km/h, W/(m²·K), °F"
          },
          {
            "name": "to_unit",
            "required": true,
            "type": "string",
            "description": "Target unit"
          },
          {
            "name": "kind",
            "required": false,
            "type": "string",
            "description": "Kind of quantity of the value (energy, torque, absorbed_dose, …)"
          },
          {
            "name": "target_kind",
            "required": false,
            "type": "string",
            "description": "Kind of quantity of the target, when it differs from kind"
          },
          {
            "name": "koq_policy",
            "required": false,
            "type": "string",
            "enum": [
              "refuse",
              "warn"
            ],
            "description": "Kind-of-quantity mismatch: refuse (default) or warn"
          },
          {
            "name": "delta",
            "required": false,
            "type": "boolean",
            "description": "Temperatures are differences, not absolute (20 °C → 20 K)"
          },
          {
            "name": "context",
            "required": false,
            "type": "object",
            "description": "molar_mass (g/mol) for mass↔amount, density (g/mL) for mass↔volume"
          },
          {
            "name": "equivalence",
            "required": false,
            "type": "string",
            "enum": [
              "reciprocal",
              "spectral"
            ],
            "description": "Relate different dimensions: reciprocal (Hz → period), spectral (nm ↔ THz ↔ eV ↔ 1/cm)"
          },
          {
            "name": "valence",
            "required": false,
            "type": "number",
            "description": "Charge number of the ion, to relate equivalents to moles (mEq/L ↔ mmol/L: 2 for Ca²⁺)"
          },
          {
            "name": "particles",
            "required": false,
            "type": "number",
            "description": "Particles per formula unit (van 't Hoff factor), to relate osmoles to moles (mOsm/L ↔ mmol/L: 2 for NaCl)"
          },
          {
            "name": "custom_units",
            "required": false,
            "type": "array",
            "description": "Units defined for this call only"
          },
          {
            "name": "custom_edges",
            "required": false,
            "type": "array",
            "description": "Conversions for custom_units: dst = src·factor + offset"
          },
          {
            "name": "strict_syntax",
            "required": false,
            "type": "boolean",
            "description": "Reject ambiguous a/b*c instead of reading it left to right"
          }
        ],
        "destructive": false
      },
      {
        "name": "compute",
        "command": "compute",
        "summary": "Multiply a quantity through a chain of conversion factors (dosage, rates) with dimensional tracking.",
        "positional": [],
        "params": [
          {
            "name": "initial_value",
            "required": true,
            "type": "number",
            "description": "Starting number"
          },
          {
            "name": "initial_unit",
            "required": true,
            "type": "string",
            "description": "Unit of the starting number"
          },
          {
            "name": "factors",
            "required": true,
            "type": "array",
            "description": "Factors applied in order: value × numerator / denominator"
          },
          {
            "name": "expected_unit",
            "required": false,
            "type": "string",
            "description": "Convert the result to this unit; a dimension mismatch is an error"
          },
          {
            "name": "audit",
            "required": false,
            "type": "string",
            "enum": [
              "error",
              "warn",
              "off"
            ],
            "description": "Numeric check of same-quantity factors (default error)"
          },
          {
            "name": "tolerance",
            "required": false,
            "type": "number",
            "description": "Relative tolerance of the audit (default 1e-3)"
          },
          {
            "name": "valence",
            "required": false,
            "type": "number",
            "description": "Charge number of the ion, when expected_unit turns equivalents into moles or back"
          },
          {
            "name": "particles",
            "required": false,
            "type": "number",
            "description": "Particles per formula unit, when expected_unit turns osmoles into moles or back"
          }
        ],
        "destructive": false
      },
      {
        "name": "check_dimensions",
        "command": "check-dimensions",
        "summary": "Tell whether two units convert into each other (same dimension and kind of quantity), with their dimensions and the factor.",
        "positional": [],
        "params": [
          {
            "name": "unit_a",
            "required": true,
            "type": "string",
            "description": "First unit"
          },
          {
            "name": "unit_b",
            "required": true,
            "type": "string",
            "description": "Second unit"
          }
        ],
        "destructive": false
      },
      {
        "name": "list_units",
        "command": "list-units",
        "summary": "List known units (built-in and this session's), filtered by dimension, kind of quantity or a name query; paginated.",
        "positional": [],
        "params": [
          {
            "name": "dimension",
            "required": false,
            "type": "string",
            "description": "length, mass, pressure, … (see list_dimensions)"
          },
          {
            "name": "kind",
            "required": false,
            "type": "string",
            "description": "energy, torque, absorbed_dose, …"
          },
          {
            "name": "query",
            "required": false,
            "type": "string",
            "description": "Substring or approximate name"
          },
          {
            "name": "limit",
            "required": false,
            "type": "integer",
            "description": "Page size (default 50)"
          },
          {
            "name": "cursor",
            "required": false,
            "type": "string",
            "description": "next_cursor of the previous page"
          }
        ],
        "destructive": false
      },
      {
        "name": "list_scales",
        "command": "list-scales",
        "summary": "List SI prefixes (quecto…quetta) and binary prefixes (Ki…Yi) with their factors.",
        "positional": [],
        "params": [],
        "destructive": false
      },
      {
        "name": "list_dimensions",
        "command": "list-dimensions",
        "summary": "List named dimensions with their formula, kinds of quantity and example units.",
        "positional": [],
        "params": [],
        "destructive": false
      },
      {
        "name": "define_unit",
        "command": "define-unit",
        "summary": "Define a unit for this session only (other sessions never see it); give it a conversion with define_conversion.",
        "positional": [],
        "params": [
          {
            "name": "name",
            "required": true,
            "type": "string",
            "description": "Name of the unit: smoot"
          },
          {
            "name": "dimension",
            "required": true,
            "type": "string",
            "description": "Its dimension: length (see list_dimensions), or a unit of that dimension"
          },
          {
            "name": "symbol",
            "required": false,
            "type": "string",
            "description": "Symbol"
          },
          {
            "name": "aliases",
            "required": false,
            "type": "array",
            "description": "Other spellings"
          },
          {
            "name": "kind",
            "required": false,
            "type": "string",
            "description": "Kind of quantity"
          },
          {
            "name": "scalable",
            "required": false,
            "type": "boolean",
            "description": "Takes SI prefixes (default false)"
          }
        ],
        "destructive": false
      },
      {
        "name": "define_conversion",
        "command": "define-conversion",
        "summary": "Define how a session unit converts: dst = src·factor + offset (1 smoot = 1.7018 m).",
        "positional": [],
        "params": [
          {
            "name": "src",
            "required": true,
            "type": "string",
            "description": "Unit being defined (or a known unit)"
          },
          {
            "name": "dst",
            "required": true,
            "type": "string",
            "description": "Unit it converts to"
          },
          {
            "name": "factor",
            "required": true,
            "type": "number",
            "description": "dst per src"
          },
          {
            "name": "offset",
            "required": false,
            "type": "number",
            "description": "Affine offset (default 0)"
          }
        ],
        "destructive": false
      },
      {
        "name": "reset_session",
        "command": "reset-session",
        "summary": "Remove every unit and conversion this session defined; built-in units are untouched.",
        "positional": [],
        "params": [],
        "destructive": true
      }
    ]
  },
  {
    "name": "memory",
    "description": "Project memory: decisions, patterns, warnings and learnings shared by every agent, with hybrid search.",
    "sections": [
      "memory"
    ],
    "tools": [
      {
        "name": "remember",
        "command": "remember",
        "summary": "Store a decision, pattern, warning or learning in the project's memory, shared by every agent on the project.",
        "positional": [
          "content"
        ],
        "params": [
          {
            "name": "content",
            "required": true,
            "type": "string",
            "description": "What was decided, learnt, or must be avoided (at most 8,000 characters)"
          },
          {
            "name": "category",
            "required": true,
            "type": "string",
            "description": "decision | pattern | warning | learning (lesson, gotcha, convention are accepted)"
          },
          {
            "name": "rationale",
            "required": false,
            "type": "string",
            "description": "Why"
          },
          {
            "name": "tags",
            "required": false,
            "type": "array",
            "description": "Lowercase kebab tags; bugfix, tech-debt, perf and warning are also inferred"
          },
          {
            "name": "file_path",
            "required": false,
            "type": "string",
            "description": "Project-relative file the memory is about"
          },
          {
            "name": "context",
            "required": false,
            "type": "string",
            "description": "Free-form context (task, ticket, branch, conversation session); memories written with the same context form a thread and recall reads each with its neighbours"
          },
          {
            "name": "happened_at",
            "required": false,
            "type": "string",
            "description": "When it happened (ISO date); default now. Its month, year and weekday become searchable"
          },
          {
            "name": "supersedes",
            "required": false,
            "type": "array",
            "description": "Ids this memory replaces: they stop appearing in recall"
          },
          {
            "name": "pinned",
            "required": false,
            "type": "boolean",
            "description": "Never decays"
          }
        ],
        "destructive": false
      },
      {
        "name": "remember_batch",
        "command": "remember-batch",
        "summary": "Store 1 to 500 memories in one transaction: all or nothing.",
        "positional": [],
        "params": [
          {
            "name": "memories",
            "required": true,
            "type": "array",
            "description": "The memories, each like remember's arguments"
          }
        ],
        "destructive": false
      },
      {
        "name": "recall",
        "command": "recall",
        "summary": "Recall what the project's memory knows about a topic, ranked by lexical and semantic match, recency and outcome (failed approaches and warnings surface).",
        "positional": [
          "topic"
        ],
        "params": [
          {
            "name": "topic",
            "required": false,
            "type": "string",
            "description": "What you are about to work on"
          },
          {
            "name": "file_path",
            "required": false,
            "type": "string",
            "description": "A file, or a directory prefix ending in /"
          },
          {
            "name": "tags",
            "required": false,
            "type": "array",
            "description": "Every tag must be present"
          },
          {
            "name": "categories",
            "required": false,
            "type": "array"
          },
          {
            "name": "worked",
            "required": false,
            "type": "boolean"
          },
          {
            "name": "since",
            "required": false,
            "type": "string",
            "description": "Only memories from this date on"
          },
          {
            "name": "include_archived",
            "required": false,
            "type": "boolean"
          },
          {
            "name": "include_superseded",
            "required": false,
            "type": "boolean"
          },
          {
            "name": "limit",
            "required": false,
            "type": "integer",
            "description": "At most this many results (default 10, max 50)"
          },
          {
            "name": "condensed",
            "required": false,
            "type": "boolean",
            "description": "Shorter content, no rationale"
          },
          {
            "name": "explain",
            "required": false,
            "type": "boolean",
            "description": "Add the score breakdown as why"
          }
        ],
        "destructive": false
      },
      {
        "name": "search_memories",
        "command": "search-memories",
        "summary": "Full-text search of the project's memory with \"phrases\", prefix*, OR and -excluded terms; snippets, relevance or newest first, paged by offset.",
        "positional": [],
        "params": [
          {
            "name": "query",
            "required": true,
            "type": "string",
            "description": "Words (all must match), \"phrase\", prefix*, a OR b, -term"
          },
          {
            "name": "file_path",
            "required": false,
            "type": "string",
            "description": "A file, or a directory prefix ending in /"
          },
          {
            "name": "tags",
            "required": false,
            "type": "array",
            "description": "Every tag must be present"
          },
          {
            "name": "categories",
            "required": false,
            "type": "array"
          },
          {
            "name": "worked",
            "required": false,
            "type": "boolean"
          },
          {
            "name": "since",
            "required": false,
            "type": "string",
            "description": "Only memories from this date on"
          },
          {
            "name": "include_archived",
            "required": false,
            "type": "boolean"
          },
          {
            "name": "include_superseded",
            "required": false,
            "type": "boolean"
          },
          {
            "name": "sort",
            "required": false,
            "type": "string",
            "enum": [
              "relevance",
              "newest"
            ]
          },
          {
            "name": "limit",
            "required": false,
            "type": "integer"
          },
          {
            "name": "offset",
            "required": false,
            "type": "integer"
          }
        ],
        "destructive": false
      },
      {
        "name": "record_outcome",
        "command": "record-outcome",
        "summary": "Record whether a remembered decision or approach worked.",
        "positional": [],
        "params": [
          {
            "name": "memory_id",
            "required": true,
            "type": "integer"
          },
          {
            "name": "worked",
            "required": true,
            "type": "boolean"
          },
          {
            "name": "outcome",
            "required": false,
            "type": "string",
            "description": "What happened"
          }
        ],
        "destructive": false
      },
      {
        "name": "forget",
        "command": "forget",
        "summary": "Archive memories so recall and search no longer show them (include_archived still can).",
        "positional": [],
        "params": [
          {
            "name": "memory_id",
            "required": true,
            "type": "integer",
            "description": "One id or a list"
          },
          {
            "name": "purge",
            "required": false,
            "type": "boolean",
            "description": "Delete permanently: row, index entries, vector, links and outcome events"
          }
        ],
        "destructive": true
      }
    ]
  },
  {
    "name": "router",
    "description": "Tool routing: which tool for a task, is this name right, what tools exist; plus the call middleware",
    "sections": [
      "router",
      "aliases",
      "keywords",
      "params",
      "tools",
      "intents"
    ],
    "tools": [
      {
        "name": "analyze_intent",
        "command": "route",
        "summary": "Suggest which tool fits a task described in plain words: ranked matches with confidence, tier and a score breakdown, or an explicit 'no matching tool' when nothing fits.",
        "positional": [
          "query"
        ],
        "params": [
          {
            "name": "query",
            "required": true,
            "type": "string",
            "description": "The task in plain words: 'convert 5 miles to km'"
          },
          {
            "name": "top_k",
            "required": false,
            "type": "integer",
            "description": "How many matches to return (1–10)"
          },
          {
            "name": "include_breakdown",
            "required": false,
            "type": "boolean",
            "description": "Include each match's score breakdown"
          }
        ],
        "destructive": false
      },
      {
        "name": "resolve_tool",
        "command": "resolve",
        "summary": "Check a tool name: exact, normalised (case, separators, plurals), alias, auto-corrected typo, suggestion or none, with candidates.",
        "positional": [
          "tool_name"
        ],
        "params": [
          {
            "name": "tool_name",
            "required": true,
            "type": "string",
            "description": "The tool name to check, as written"
          }
        ],
        "destructive": false
      },
      {
        "name": "list_capabilities",
        "command": "list-capabilities",
        "summary": "List the tools this server offers with their description, parameters, aliases and annotations, a page at a time (about 2K tokens), optionally filtered by a query or namespace.",
        "positional": [],
        "params": [
          {
            "name": "query",
            "required": false,
            "type": "string",
            "description": "Only tools relevant to this text"
          },
          {
            "name": "namespace",
            "required": false,
            "type": "string",
            "description": "Only tools of this namespace or toolset"
          },
          {
            "name": "detail",
            "required": false,
            "type": "string",
            "enum": [
              "names",
              "summary",
              "full"
            ]
          },
          {
            "name": "limit",
            "required": false,
            "type": "integer"
          },
          {
            "name": "cursor",
            "required": false,
            "type": "string",
            "description": "next_cursor of the previous page"
          }
        ],
        "destructive": false
      }
    ]
  }
];
