/** Shared helpers of the unit tests: call the pure functions and get either the output or the error payload. */
import { expect } from "vitest";
import type { ErrorPayload } from "../../src/core/errors.js";
import { isToolError } from "../../src/core/errors.js";
import { type ComputeInput, type ComputeOutput, compute } from "../../src/units/compute.js";
import {
  type CheckOutput,
  type ConvertInput,
  type ConvertOutput,
  checkDimensions,
  convert,
} from "../../src/units/convert.js";
import { builtinUnits, type Units } from "../../src/units/system.js";

export const units: Units = builtinUnits();

export type Outcome<T> = { ok: true; out: T } | { ok: false; error: ErrorPayload };

function attempt<T>(f: () => T): Outcome<T> {
  try {
    return { ok: true, out: f() };
  } catch (e) {
    if (isToolError(e)) return { ok: false, error: e.payload };
    throw e;
  }
}

export function conv(value: number, from: string, to: string, extra: Partial<ConvertInput> = {}, u: Units = units) {
  return attempt<ConvertOutput>(() => convert(u, { value, from_unit: from, to_unit: to, ...extra }));
}

export function comp(input: ComputeInput, u: Units = units) {
  return attempt<ComputeOutput>(() => compute(u, input));
}

export function check(a: string, b: string, u: Units = units) {
  return attempt<CheckOutput>(() => checkDimensions(u, a, b));
}

/** The converted quantity, failing the test with the error when there is none. */
export function value(o: Outcome<ConvertOutput | ComputeOutput>): number {
  if (!o.ok) throw new Error(`expected a result, got ${JSON.stringify(o.error)}`);
  return o.out.quantity;
}

export function failure<T>(o: Outcome<T>): ErrorPayload {
  if (o.ok) throw new Error(`expected an error, got ${JSON.stringify(o.out)}`);
  return o.error;
}

/** Default tolerance: the reference figures carry 6 significant digits (half a unit in the 6th digit ≤ 5e-6). */
export function close(actual: number, expected: number, rel = 5e-6): void {
  const err = Math.abs(actual - expected) / Math.max(Math.abs(expected), 1e-300);
  expect(err, `${actual} vs ${expected}`).toBeLessThanOrEqual(rel);
}
