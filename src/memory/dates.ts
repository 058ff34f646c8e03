/**
 * Dates as search terms, for both backends (they index the same derived terms). A memory's day is stored as one token
 * (`d20230508`), and so is every day its content names relative to when it happened ("yesterday", "last Friday",
 * "3 days ago"); a query naming a date ("on 8 May, 2023", "May 8 2023", "2023-05-08") searches that token. A
 * conversation turn saying "I went hiking yesterday" is then found by a question about the day before its session,
 * and "what did we decide yesterday" by the memories of the day before the query's now.
 */

const MONTHS = [
  "january",
  "february",
  "march",
  "april",
  "may",
  "june",
  "july",
  "august",
  "september",
  "october",
  "november",
  "december",
];
const WEEKDAYS = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];

const DAY_MS = 86_400_000;

/** The one token that stands for a calendar day (UTC): letters and digits only, so every tokenizer keeps it whole. */
function dayToken(ms: number): string {
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `d${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}`;
}

const SMALL_NUMBERS: Readonly<Record<string, number>> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  "a couple of": 2,
  couple: 2,
};

/**
 * The days a text names relative to `at` (epoch ms), as offsets in days (negative = before). Only expressions that
 * name one day, or a weekend, are resolved: "last week" or "recently" name no particular day.
 */
export function relativeDays(text: string, at: number): number[] {
  const lower = text.toLowerCase();
  const out = new Set<number>();
  if (/\b(today|tonight|this (morning|afternoon|evening))\b/u.test(lower)) out.add(0);
  if (/\bthe day before yesterday\b/u.test(lower)) out.add(-2);
  if (/\b(yesterday|last night)\b/u.test(lower.replace(/\bthe day before yesterday\b/gu, ""))) out.add(-1);
  if (/\btomorrow\b/u.test(lower)) out.add(1);
  for (const m of lower.matchAll(
    /\b(\d{1,2}|a couple of|couple|an?|one|two|three|four|five|six|seven) days? ago\b/gu,
  )) {
    const n = /^\d+$/u.test(m[1]) ? Number(m[1]) : SMALL_NUMBERS[m[1]];
    if (n !== undefined && n >= 1 && n <= 14) out.add(-n);
  }
  const weekday = new Date(at).getUTCDay();
  for (const m of lower.matchAll(/\blast (sunday|monday|tuesday|wednesday|thursday|friday|saturday|weekend)\b/gu)) {
    // The most recent such day strictly before `at` ("last Friday" said on a Monday is three days back).
    const back = (target: number) => ((weekday - target + 6) % 7) + 1;
    if (m[1] === "weekend") {
      out.add(-back(6));
      out.add(-back(0));
    } else out.add(-back(WEEKDAYS.indexOf(m[1])));
  }
  return [...out].sort((a, b) => a - b);
}

const UNIT_MS: Readonly<Record<string, number>> = { minute: 60_000, hour: 3_600_000, day: DAY_MS, week: 7 * DAY_MS };

/**
 * A time given in words, relative to `now` (epoch ms): `today`, `yesterday`, `the day before yesterday` (the start
 * of that UTC day), `N minutes|hours|days|weeks|months|years ago` and `last week|month|year` (one of them ago;
 * months and years by the calendar). Undefined for anything else: a date is read by Date.parse, not here.
 */
export function relativeTime(text: string, now: number): number | undefined {
  const t = text.trim().toLowerCase();
  const startOfDay = (ms: number) => Math.floor(ms / DAY_MS) * DAY_MS;
  if (t === "today") return startOfDay(now);
  if (t === "yesterday") return startOfDay(now) - DAY_MS;
  if (t === "the day before yesterday") return startOfDay(now) - 2 * DAY_MS;
  const m =
    /^(?:(\d{1,4}|a couple of|couple|an?|one|two|three|four|five|six|seven) (minute|hour|day|week|month|year)s? ago|last (week|month|year))$/u.exec(
      t,
    );
  if (!m) return undefined;
  const n = m[3] !== undefined ? 1 : /^\d+$/u.test(m[1]) ? Number(m[1]) : SMALL_NUMBERS[m[1]];
  const unit = m[3] ?? m[2];
  if (n === undefined) return undefined;
  if (unit in UNIT_MS) return now - n * UNIT_MS[unit];
  const d = new Date(now);
  if (unit === "month") d.setUTCMonth(d.getUTCMonth() - n);
  else d.setUTCFullYear(d.getUTCFullYear() - n);
  return d.getTime();
}

/**
 * When a memory happened, as words a query can name: month, year, weekday and the day's token (UTC), e.g.
 * `may 2023 monday d20230508`, then the tokens (and months, years) of the days its content names relative to that.
 * Only `happened_at` (an event's own date, given by the caller) is rendered; the time of writing is not what a memory
 * is about. Empty without a date.
 */
export function dateTerms(happenedAt: number | null | undefined, content = ""): string {
  if (happenedAt === null || happenedAt === undefined || !Number.isFinite(happenedAt)) return "";
  const d = new Date(happenedAt);
  if (Number.isNaN(d.getTime())) return "";
  const words = [MONTHS[d.getUTCMonth()], String(d.getUTCFullYear()), WEEKDAYS[d.getUTCDay()], dayToken(happenedAt)];
  for (const offset of relativeDays(content, happenedAt)) {
    if (offset === 0) continue;
    const day = happenedAt + offset * DAY_MS;
    const r = new Date(day);
    for (const w of [MONTHS[r.getUTCMonth()], String(r.getUTCFullYear()), dayToken(day)]) {
      if (!words.includes(w)) words.push(w);
    }
  }
  return words.join(" ");
}

/** A month's name or its usual abbreviation. */
const MONTH_PATTERN = `(${MONTHS.join("|")}|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)\\.?`;

function monthIndex(name: string): number {
  return MONTHS.findIndex((m) => m.startsWith(name.slice(0, 3)));
}

function validDay(year: number, month: number, day: number): number | undefined {
  const ms = Date.UTC(year, month, day);
  const d = new Date(ms);
  return d.getUTCMonth() === month && d.getUTCDate() === day ? ms : undefined;
}

/** The day tokens of the full dates a query names: "8 May, 2023", "May 8th 2023", "2023-05-08". */
export function queryDayTokens(query: string): string[] {
  const lower = query.normalize("NFKC").toLowerCase();
  const days: number[] = [];
  const push = (ms: number | undefined) => {
    if (ms !== undefined) days.push(ms);
  };
  const ord = "(\\d{1,2})(?:st|nd|rd|th)?";
  for (const m of lower.matchAll(new RegExp(`\\b${ord}(?: of)? ${MONTH_PATTERN},? (\\d{4})\\b`, "gu"))) {
    push(validDay(Number(m[3]), monthIndex(m[2]), Number(m[1])));
  }
  for (const m of lower.matchAll(new RegExp(`\\b${MONTH_PATTERN} ${ord},? (\\d{4})\\b`, "gu"))) {
    push(validDay(Number(m[3]), monthIndex(m[1]), Number(m[2])));
  }
  for (const m of lower.matchAll(/\b(\d{4})-(\d{2})-(\d{2})\b/gu)) {
    push(validDay(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  }
  return [...new Set(days.map(dayToken))];
}

/**
 * The day tokens a query names relative to `now`: the days of relativeDays ("yesterday", "last Friday", "3 days ago"),
 * and every day of "last week" or "this week" (Monday to Sunday), so a memory of any of them matches.
 */
export function queryRelativeDayTokens(query: string, now: number): string[] {
  const lower = query.normalize("NFKC").toLowerCase();
  const offsets = relativeDays(lower, now);
  const sinceMonday = (new Date(now).getUTCDay() + 6) % 7;
  const week = (start: number) => Array.from({ length: 7 }, (_, i) => start + i);
  if (/\blast week\b/u.test(lower)) offsets.push(...week(-sinceMonday - 7));
  if (/\bthis week\b/u.test(lower)) offsets.push(...week(-sinceMonday).filter((d) => d <= 0));
  return [...new Set(offsets.map((d) => dayToken(now + d * DAY_MS)))];
}
