/**
 * dwim's own did-you-mean for the command line: an unknown subcommand or flag gets the core matcher's suggestion
 * (the same tiers as tool names) over the names of the command it was given to, not only commander's edit-distance
 * guess. `--help` is offered only when no option of the command's own is near (`--htpp` means `--http`).
 */
import type { Command, Option } from "commander";
import { suggest } from "../core/suggest.js";
import { coloursFor } from "./colour.js";

function commandNames(cmd: Command): string[] {
  return cmd.commands.flatMap((c) => [c.name(), ...c.aliases()]);
}

function optionNames(cmd: Command): string[] {
  return (cmd.options as readonly Option[]).flatMap((o) => [o.long, o.short].filter((f): f is string => !!f));
}

const bare = (name: string) => name.replace(/^-+/u, "");

/** The core matcher's best name for `got` among `names`, as the user writes it. */
function nearest(got: string, names: readonly string[]): string | undefined {
  const s = suggest(bare(got), names.map(bare), { allowAuto: false });
  const best = s.likely_fix ?? s.hints[0];
  return best === undefined ? undefined : names.find((n) => bare(n) === best);
}

/** The command's path as typed: `dwim memory export`. */
function commandPath(cmd: Command): string {
  const names: string[] = [];
  for (let c: Command | null = cmd; c; c = c.parent) names.unshift(c.name());
  return names.join(" ");
}

/** The suggestion line for a commander error message about an unknown command or option, if one fits. */
function didYouMeanFor(message: string, cmd: Command): string | undefined {
  const command = /unknown command '([^']+)'/u.exec(message);
  const option = /unknown option '([^']+)'/u.exec(message);
  if (!command && !option) return undefined;
  const best = command
    ? nearest(command[1], commandNames(cmd))
    : (nearest(option?.[1].split("=")[0] ?? "", optionNames(cmd)) ??
      nearest(option?.[1].split("=")[0] ?? "", ["--help"]));
  if (!best) return `Run '${commandPath(cmd)} --help' to see what exists.`;
  return `Did you mean '${best}'?`;
}

/** Commander's error output for this command, with dwim's suggestion in place of commander's own. */
export function withDidYouMean(cmd: Command): Command {
  cmd.showSuggestionAfterError(false);
  cmd.configureOutput({
    outputError: (text, write) => {
      const c = coloursFor(process.stderr);
      const hint = didYouMeanFor(text, cmd);
      const shown = text.trimEnd().replace(/^error:/u, c.red("error:"));
      write(hint ? `${shown}\n${c.bold(hint)}\n` : `${shown}\n`);
    },
  });
  return cmd;
}
