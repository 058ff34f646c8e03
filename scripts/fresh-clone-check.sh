#!/usr/bin/env bash
# The README's two commands on a fresh clone: clones this repository's current commit into a private (0700)
# temporary directory, runs `npm install` (failing on any engine warning or unreviewed install script), then
# `npm test` with no PostgreSQL server at the configured address (the suite must run on embedded PGlite and say so),
# then `npm test` once more as documented (the local server if one runs). Prints each step's time.
#
#   scripts/fresh-clone-check.sh            # both test runs
#   scripts/fresh-clone-check.sh --no-documented-run
#   scripts/fresh-clone-check.sh --keep     # keep the clone (its path is printed)
set -euo pipefail

documented_run=1
keep=0
for arg in "$@"; do
  case "$arg" in
    --no-documented-run) documented_run=0 ;;
    --keep) keep=1 ;;
    -h | --help)
      sed -n '2,10p' "$0"
      exit 0
      ;;
    *)
      echo "fresh-clone-check: unknown option '$arg' (try --help)" >&2
      exit 2
      ;;
  esac
done

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
commit="$(git -C "$repo" rev-parse HEAD)"
if [[ -n "$(git -C "$repo" status --porcelain --untracked-files=no)" ]]; then
  echo "fresh-clone-check: note: uncommitted changes are not checked (the clone is of commit ${commit:0:12})" >&2
fi

work="$(mktemp -d "${TMPDIR:-/tmp}/dwim-fresh-clone-XXXXXX")"
private="$work/private"
mkdir -m 0700 "$private"
clone="$private/dwim"
cleanup() {
  if [[ "$keep" == 1 ]]; then
    echo "fresh-clone-check: clone kept at $clone"
  else
    rm -rf -- "$work"
  fi
}
trap cleanup EXIT

started=$SECONDS
step() {
  printf '\n== %s (%ds elapsed)\n' "$1" "$((SECONDS - started))"
}

step "clone ${commit:0:12} into a 0700 directory"
git clone --quiet --no-hardlinks -- "$repo" "$clone"
git -C "$clone" checkout --quiet --detach "$commit"
stat -c '%a %n' "$private"

step "npm install"
install_log="$work/install.log"
(cd "$clone" && npm install --no-audit --no-fund 2>&1) | tee "$install_log"
if grep -q 'EBADENGINE' "$install_log"; then
  echo "fresh-clone-check: FAIL: npm install printed engine warnings (EBADENGINE)" >&2
  exit 1
fi
if grep -q 'not yet covered by allowScripts' "$install_log"; then
  echo "fresh-clone-check: FAIL: npm install lists install scripts that package.json's allowScripts does not cover" >&2
  exit 1
fi

step "npm test with no PostgreSQL server (embedded PGlite expected)"
test_log="$work/test-pglite.log"
(cd "$clone" && env -u CI DWIM_TEST_PG_URL=postgres://postgres@127.0.0.1:9/test npm test 2>&1) | tee "$test_log"
if ! grep -q 'runs on embedded PGlite' "$test_log"; then
  echo "fresh-clone-check: FAIL: npm test did not say the PostgreSQL suite runs on embedded PGlite" >&2
  exit 1
fi

if [[ "$documented_run" == 1 ]]; then
  step "npm test as documented"
  (cd "$clone" && npm test)
fi

step "fresh-clone-check: passed"
