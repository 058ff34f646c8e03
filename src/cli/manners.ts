/**
 * What every `dwim` subcommand shares, applied to the whole command tree once it is declared: dwim's did-you-mean
 * for a mistyped subcommand or option (suggestions.ts), exit code 2 for any usage error (0 for --help and
 * --version), and help in colour on a terminal (colour.ts).
 */
import type { Command, CommanderError } from "commander";
import { helpStyles } from "./colour.js";
import { withDidYouMean } from "./suggestions.js";

/** Commander's exit: 0 when it printed what was asked (help, version); every error it raises is a usage error. */
function exitFor(e: CommanderError): never {
  process.exit(e.exitCode === 0 ? 0 : 2);
}

export function applyManners(cmd: Command): Command {
  withDidYouMean(cmd);
  cmd.exitOverride(exitFor);
  cmd.configureHelp(helpStyles());
  for (const sub of cmd.commands) applyManners(sub);
  return cmd;
}
