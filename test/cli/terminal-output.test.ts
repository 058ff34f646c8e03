/**
 * What dwim shows depends on where it goes: colour and a progress spinner on a terminal only, never into a pipe;
 * NO_COLOR turns colour off and FORCE_COLOR on, as every well-kept CLI does.
 */
import { describe, expect, it } from "vitest";
import { wantsColour } from "../../src/cli/colour.js";
import { progressDelay } from "../../src/cli/progress.js";
import { cliSandbox, dwim, dwimInTerminal } from "../helpers/cli.js";

const ESC = "\u001b[";
const COLOUR_TERM = { TERM: "xterm-256color" };

describe("colour", () => {
  it("help and usage errors are coloured on a terminal", () => {
    const { dir, env } = cliSandbox("dwim-terminal-");
    const help = dwimInTerminal("--help", dir, { ...env, ...COLOUR_TERM }, "");
    expect(help).toContain(`${ESC}1mUsage:`);
    const error = dwimInTerminal("serve --projet x", dir, { ...env, ...COLOUR_TERM }, "");
    expect(error).toContain(`${ESC}31merror:`);
    expect(error).toContain("Did you mean '--project'?");
  });

  it("NO_COLOR turns colour off on a terminal; TERM=dumb has none", () => {
    const { dir, env } = cliSandbox("dwim-terminal-");
    const plain = dwimInTerminal("--help", dir, { ...env, ...COLOUR_TERM, NO_COLOR: "1" }, "");
    expect(plain).toContain("Usage: dwim");
    expect(plain).not.toContain(ESC);
    expect(dwimInTerminal("serve --projet x", dir, env, "")).not.toContain(ESC);
  });

  it("never into a pipe, unless FORCE_COLOR asks", async () => {
    const { dir, env } = cliSandbox("dwim-terminal-");
    const piped = await dwim(["serve", "--projet", "x"], dir, { ...env, ...COLOUR_TERM });
    expect(piped.stderr).toContain("error: unknown option '--projet'");
    expect(piped.stderr).not.toContain(ESC);
    expect((await dwim(["--help"], dir, env)).stdout).not.toContain(ESC);
    const forced = await dwim(["--help"], dir, { ...env, FORCE_COLOR: "1" });
    expect(forced.stdout).toContain(`${ESC}1mUsage:`);
  });

  it("decides by NO_COLOR, then FORCE_COLOR, then whether the stream is a terminal with colours", () => {
    const tty = { isTTY: true, hasColors: () => true };
    const pipe = { isTTY: false };
    expect(wantsColour(tty, {})).toBe(true);
    expect(wantsColour({ isTTY: true, hasColors: () => false }, {})).toBe(false);
    expect(wantsColour(pipe, {})).toBe(false);
    expect(wantsColour(tty, { NO_COLOR: "1" })).toBe(false);
    expect(wantsColour(tty, { NO_COLOR: "" })).toBe(true);
    expect(wantsColour(pipe, { FORCE_COLOR: "1" })).toBe(true);
    expect(wantsColour(tty, { FORCE_COLOR: "0" })).toBe(false);
    expect(wantsColour(pipe, { FORCE_COLOR: "1", NO_COLOR: "1" })).toBe(false);
  });
});

describe("progress of a long search", () => {
  it("shows a spinner on stderr on a terminal once the call outlasts the delay", () => {
    const { dir, env } = cliSandbox("dwim-terminal-");
    const shown = dwimInTerminal("search alpha", dir, { ...env, ...COLOUR_TERM, DWIM_PROGRESS_DELAY_MS: "0" }, "");
    expect(shown).toContain("dwim search…");
    expect(shown).toContain("notes.txt");
  });

  it("shows nothing for a search quicker than the delay", () => {
    const { dir, env } = cliSandbox("dwim-terminal-");
    const shown = dwimInTerminal("search alpha", dir, { ...env, ...COLOUR_TERM, DWIM_PROGRESS_DELAY_MS: "60000" }, "");
    expect(shown).toContain("notes.txt");
    expect(shown).not.toContain("dwim search…");
  });

  it("never into a pipe", async () => {
    const { dir, env } = cliSandbox("dwim-terminal-");
    const r = await dwim(["search", "alpha"], dir, { ...env, DWIM_PROGRESS_DELAY_MS: "0" });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("notes.txt");
    expect(r.stderr).toBe("");
  });

  it("waits about a second by default; DWIM_PROGRESS_DELAY_MS sets the wait", () => {
    expect(progressDelay({})).toBe(1000);
    expect(progressDelay({ DWIM_PROGRESS_DELAY_MS: "0" })).toBe(0);
    expect(progressDelay({ DWIM_PROGRESS_DELAY_MS: "250" })).toBe(250);
    expect(progressDelay({ DWIM_PROGRESS_DELAY_MS: "soon" })).toBe(1000);
  });
});
