/** The shape of a catalog entry and the shorthand the catalog parts are written in. */
import type { PrefixPolicy } from "./prefixes.js";

export type Source = "SI" | "SP811" | "HB44" | "UCUM" | "IEC" | "CODATA" | "IAU" | "ISMP" | "CFR" | "W3C";

export interface CatalogEntry {
  name: string;
  symbol?: string;
  /** `=length` marks the coherent unit of a base component; otherwise an expression over earlier entries. */
  def: string;
  /** More symbols (case-sensitive). */
  symbols?: readonly string[];
  /** More names: spellings and long forms (case-insensitive when 3+ letters). */
  names?: readonly string[];
  /** Plural of the name; default name + "s"; null when it has none. */
  plural?: string | null;
  prefixes?: PrefixPolicy;
  kind?: string;
  /** Absolute temperatures: SI value = value × factor + offset (kelvin). */
  offset?: number;
  /** Shown whenever the unit is used: which of several definitions was taken (a convention), or a caution. */
  warning?: string;
  /** Spellings that name this reading explicitly (`us_gallon`): the convention warning is not shown for them. */
  explicit?: readonly string[];
  /** Logarithmic unit: value = multiplier × log10(x / reference); no reference → no conversion path. */
  log?: { multiplier: number; reference?: string; natural?: boolean };
  src: Source;
}

export const e = (
  name: string,
  symbol: string | undefined,
  def: string,
  src: Source,
  more: Omit<CatalogEntry, "name" | "symbol" | "def" | "src"> = {},
): CatalogEntry => ({ name, symbol, def, src, ...more });

export const ALL = { prefixes: "all" } as const;
