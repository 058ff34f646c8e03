/** The performance queries (1–4 terms; fuzzy, exact, prefix, suffix, OR, inverse; high and low selectivity). */
export const NAMED = ["update", "def test seer credit", "TODO | FIXME", "^func New", "errUnexpectedEOF", "xyzzyq"];

export const PERFORMANCE_QUERIES: string[] = [
  ...NAMED,
  "return err",
  "'return nil",
  "fmt.Errorf",
  "'fmt.Errorf 'failed",
  "^// 'Deprecated",
  "^package main$",
  "context.Context",
  "'http.Handler",
  "io.Reader !test",
  "sync.Mutex",
  "'sync.Mutex lock",
  "panic(",
  "'panic( !_test.go",
  "goroutine leak",
  "unsafe.Pointer",
  "^func (t *T)",
  "t.Fatalf",
  "'t.Fatalf got want",
  "errors.New",
  "strconv.Itoa | strconv.Atoi",
  "bytes.Buffer | strings.Builder",
  "os.Open | os.Create",
  "time.Duration",
  "'time.Now()",
  "json.Marshal",
  "reflect.TypeOf",
  "atomic.AddInt64",
  "^import (",
  "^}$",
  "{$",
  "nil)$",
  "'TODO(",
  "'BUG(",
  "runtime.GC",
  "crypto/tls",
  "net/http client",
  "parseDuration",
  "'ErrNotExist",
  "EOF !io.",
  "buf := make",
  "for i := 0",
  "len(s) == 0",
  "'sort.Slice",
  "mapiterinit",
  "gcWriteBarrier",
  "'//go:linkname",
  "cmd/compile ssa",
];

/** The same mix of query forms on the Rust compiler and standard library (rust-src). */
export const RUST_QUERIES: string[] = [
  "unwrap",
  "impl Iterator",
  "TODO | FIXME",
  "^pub fn new",
  "'unsafe fn",
  "Result<",
  "xyzzyq",
  "fn new",
  "Vec::new",
  "'#[derive(Debug",
  "^#[test]$",
  "panic!",
  "as_ref !test",
  "into_iter",
  "'Option<&",
  "^use std::",
  "self.tcx",
  "span_err",
  "'match self",
  "Box<dyn",
  "HashMap | BTreeMap",
  "^impl",
  "^}$",
  "debug_assert",
  "'pub(crate) fn",
  "clone()",
  "to_string",
  "&mut self",
  "parse config",
  "ty::TyKind",
];

/** Misuse that still finds lines literally: no retry happens, so this measures the in-pass analysis overhead. */
export const MISUSE_ANSWERED: Array<{ fuzzy_filter: string; regex_pattern?: string }> = [
  { fuzzy_filter: "func\\s+New\\w+Reader" },
  { fuzzy_filter: "errUnexpectedEOF|ErrShortWrite" },
  { fuzzy_filter: "\\bParseDuration\\b" },
  { fuzzy_filter: "io\\.Reader" },
];

/** Misuse that finds nothing as sent: the tool retries once with the correction. */
export const MISUSE_RETRIED: Array<{
  fuzzy_filter: string;
  regex_pattern?: string;
  corrected: { fuzzy_filter: string; regex_pattern?: string };
}> = [
  {
    fuzzy_filter: "func\\s+Test.*Parse",
    regex_pattern: "test parse func",
    corrected: { fuzzy_filter: "test parse func", regex_pattern: "func\\s+Test.*Parse" },
  },
  {
    fuzzy_filter: "reader",
    regex_pattern: "unexpected eof",
    corrected: { fuzzy_filter: "reader unexpected eof", regex_pattern: "." },
  },
];
