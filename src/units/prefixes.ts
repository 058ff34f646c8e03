/** SI prefixes (SI Brochure 9th ed., Table 7, incl. ronna/quetta 2022) and binary prefixes (IEC 80000-13). */

export interface Prefix {
  name: string;
  symbol: string;
  factor: number;
  base: 10 | 2;
  /** Other symbols that mean the same prefix (`u`, `μ` for micro). */
  aliases: readonly string[];
}

export type PrefixPolicy = "all" | "multiples" | "submultiples" | "none" | "binary";

const si = (name: string, symbol: string, exponent: number, aliases: string[] = []): Prefix => ({
  name,
  symbol,
  factor: Number(`1e${exponent}`),
  base: 10,
  aliases,
});
const bin = (name: string, symbol: string, power: number): Prefix => ({
  name,
  symbol,
  factor: 2 ** power,
  base: 2,
  aliases: [],
});

const SI_PREFIXES: readonly Prefix[] = [
  si("quecto", "q", -30),
  si("ronto", "r", -27),
  si("yocto", "y", -24),
  si("zepto", "z", -21),
  si("atto", "a", -18),
  si("femto", "f", -15),
  si("pico", "p", -12),
  si("nano", "n", -9),
  si("micro", "µ", -6, ["μ", "u"]),
  si("milli", "m", -3),
  si("centi", "c", -2),
  si("deci", "d", -1),
  si("deca", "da", 1, ["deka"]),
  si("hecto", "h", 2),
  si("kilo", "k", 3),
  si("mega", "M", 6),
  si("giga", "G", 9),
  si("tera", "T", 12),
  si("peta", "P", 15),
  si("exa", "E", 18),
  si("zetta", "Z", 21),
  si("yotta", "Y", 24),
  si("ronna", "R", 27),
  si("quetta", "Q", 30),
];

const BINARY_PREFIXES: readonly Prefix[] = [
  bin("kibi", "Ki", 10),
  bin("mebi", "Mi", 20),
  bin("gibi", "Gi", 30),
  bin("tebi", "Ti", 40),
  bin("pebi", "Pi", 50),
  bin("exbi", "Ei", 60),
  bin("zebi", "Zi", 70),
  bin("yobi", "Yi", 80),
];

export const ALL_PREFIXES: readonly Prefix[] = [...SI_PREFIXES, ...BINARY_PREFIXES];

/** Whether a unit with this policy takes the prefix. */
export function allows(policy: PrefixPolicy, p: Prefix): boolean {
  switch (policy) {
    case "all":
      return p.base === 10;
    case "multiples":
      return p.base === 10 && p.factor > 1;
    case "submultiples":
      return p.base === 10 && p.factor < 1;
    case "binary":
      return p.factor > 1;
    case "none":
      return false;
  }
}

/** Prefix symbols and alias symbols, longest first (`da` before `d`). */
export const PREFIX_BY_SYMBOL: ReadonlyArray<[string, Prefix]> = ALL_PREFIXES.flatMap((p) =>
  [p.symbol, ...p.aliases.filter((a) => a.length <= 2)].map((s) => [s, p] as [string, Prefix]),
).sort((a, b) => b[0].length - a[0].length);

/** Prefix names (and `deka`), longest first. */
export const PREFIX_BY_NAME: ReadonlyArray<[string, Prefix]> = ALL_PREFIXES.flatMap((p) =>
  [p.name, ...p.aliases.filter((a) => a.length > 2)].map((s) => [s, p] as [string, Prefix]),
).sort((a, b) => b[0].length - a[0].length);
