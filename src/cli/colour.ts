/**
 * Colour on a terminal only: NO_COLOR (set and not empty) turns it off everywhere, FORCE_COLOR (set, not empty, not
 * `0` or `false`) turns it on even into a pipe, else a stream gets colour only when it is a terminal that has colours
 * (TERM=dumb has none). Commander decides its help's colours by the same rule; picocolors paints.
 */
import picocolors from "picocolors";

interface OutputStream {
  isTTY?: boolean;
  hasColors?: () => boolean;
}

export function wantsColour(stream: OutputStream, env: Record<string, string | undefined> = process.env): boolean {
  if (env.NO_COLOR) return false;
  if (env.FORCE_COLOR) return env.FORCE_COLOR !== "0" && env.FORCE_COLOR !== "false";
  return stream.isTTY === true && stream.hasColors?.() === true;
}

export type Colours = ReturnType<typeof picocolors.createColors>;

/** The colours for what goes to `stream` (no-ops where it gets none). */
export function coloursFor(stream: OutputStream): Colours {
  return picocolors.createColors(wantsColour(stream));
}

/**
 * Commander's help styles. Always painted: commander removes the colour itself when its output has none (a pipe,
 * NO_COLOR), by the rule above.
 */
export function helpStyles() {
  const c = picocolors.createColors(true);
  return {
    styleTitle: (s: string) => c.bold(s),
    styleCommandText: (s: string) => c.cyan(s),
    styleSubcommandText: (s: string) => c.cyan(s),
    styleOptionText: (s: string) => c.green(s),
    styleArgumentText: (s: string) => c.yellow(s),
  };
}
