/**
 * The interactive "Did you mean …?" (as mcp-personal's fuzzy search asks): only on a TTY, never in scripts or CI, and on stderr so
 * stdout keeps only results. A fix that would run a destructive tool defaults to No (`[y/N]`).
 */
export function canPrompt(): boolean {
  return process.stdin.isTTY === true && process.stderr.isTTY === true && process.env.CI === undefined;
}

/** The answer to a yes/no question; an empty answer takes the default. */
export function readAnswer(answer: string, defaultYes: boolean): boolean {
  const a = answer.trim().toLowerCase();
  if (a === "") return defaultYes;
  return a === "y" || a === "yes";
}

export async function confirm(question: string, defaultYes: boolean): Promise<boolean> {
  const { createInterface } = await import("node:readline/promises");
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    return readAnswer(await rl.question(`${question} ${defaultYes ? "[Y/n]" : "[y/N]"} `), defaultYes);
  } finally {
    rl.close();
  }
}
