/**
 * A likely_fix is a promise: applied verbatim, the same call succeeds. Every unit error that carries one is checked
 * by making that call (once, without checking again, and with errors built without suggestions: the retry only needs
 * to know whether it fails, and where); a fix that would still fail on its own field is demoted to a hint. A retry
 * that only moves on to the other unit's spelling (both fields misspelt) still counts as working.
 */
import { type ErrorPayload, isToolError } from "../core/errors.js";
import { fixedArguments } from "../core/fix.js";
import { MAX_UNIT_HINTS } from "./unit-error.js";

/** Errors of one field's spelling: a retry that fails with one of these on another field has fixed its own. */
const SPELLING_ERRORS = new Set(["unknown_unit", "ambiguous_unit", "parse_error", "non_scalable_unit"]);

/** How a call builds its errors: `quiet` leaves out the suggestions, for a retry that only checks a fix. */
export interface Effort {
  quiet: boolean;
}

/** Runs `call`; an error with a likely_fix leaves only after the fix was tried on `call` itself. */
export function withVerifiedFix<A extends object, T>(args: A, call: (args: A, effort: Effort) => T): T {
  try {
    return call(args, { quiet: false });
  } catch (e) {
    if (isToolError(e) && e.payload.likely_fix !== undefined) verify(args, e.payload, call);
    throw e;
  }
}

function verify<A extends object, T>(args: A, payload: ErrorPayload, call: (args: A, effort: Effort) => T): void {
  const fixed = fixedArguments(args, payload);
  let after: ErrorPayload | undefined;
  if (fixed) {
    try {
      call(fixed as A, { quiet: true });
      return;
    } catch (e) {
      if (!isToolError(e)) throw e;
      after = e.payload;
      const sameField = after.parameter === payload.parameter;
      if (!sameField && SPELLING_ERRORS.has(after.error_type) && payload.error_type !== "dimension_mismatch") return;
    }
  }
  const fix = payload.likely_fix;
  delete payload.likely_fix;
  const shown = typeof fix === "string" ? fix : JSON.stringify(fix);
  const why = after ? ` (it would still fail: ${after.error_type})` : "";
  payload.hints = [`Not a sure fix: ${shown}${why}`, ...payload.hints].slice(0, MAX_UNIT_HINTS);
}
