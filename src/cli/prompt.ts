/** The interactive "Did you mean …? [Y/n]" (seed 000, section 4.2): only on a TTY, never in scripts or CI. */
import { createInterface } from "node:readline/promises";

export function canPrompt(): boolean {
  return process.stdin.isTTY === true && process.stderr.isTTY === true && process.env.CI === undefined;
}

export async function confirm(question: string): Promise<boolean> {
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    const answer = (await rl.question(`${question} [Y/n] `)).trim().toLowerCase();
    return answer === "" || answer === "y" || answer === "yes";
  } finally {
    rl.close();
  }
}
