/** Removes binary floating-point noise (0.30000000000000004) without losing real precision. */
export function tidy(x: number): number {
  if (x === 0 || !Number.isFinite(x)) return x;
  return Number(x.toPrecision(15));
}
