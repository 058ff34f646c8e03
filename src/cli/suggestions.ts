/**
 * dwim's own did-you-mean for the command line: an unknown subcommand or flag gets the core matcher's suggestion
 * (the same tiers as tool names), not only commander's edit-distance guess.
 */
import type { Command, Option } from "commander";
import { suggest } from "../core/suggest.js";

function commandNames(cmd: Command): string[] {
  return cmd.commands.flatMap((c) => [c.name(), ...c.aliases()]);
}

function optionNames(cmd: Command): string[] {
  const own = (cmd.options as readonly Option[]).flatMap((o) => [o.long, o.short].filter((f): f is string => !!f));
  return [...own, "--help"];
}

/** The suggestion line for a commander error message about an unknown command or option, if one fits. */
function didYouMeanFor(message: string, cmd: Command): string | undefined {
  const command = /unknown command '([^']+)'/u.exec(message);
  const option = /unknown option '([^']+)'/u.exec(message);
  const [got, names] = command
    ? [command[1], commandNames(cmd)]
    : option
      ? [option[1].split("=")[0], optionNames(cmd)]
      : [undefined, []];
  if (got === undefined) return undefined;
  const s = suggest(
    got.replace(/^-+/u, ""),
    names.map((n) => n.replace(/^-+/u, "")),
    { allowAuto: false },
  );
  const best = s.likely_fix ?? s.hints[0];
  if (!best) return `Run 'dwim ${cmd.parent ? `${cmd.name()} ` : ""}--help' to see what exists.`;
  const shown = option ? names.find((n) => n.replace(/^-+/u, "") === best) : best;
  return `Did you mean '${shown}'?`;
}

/** Commander's error output, with dwim's suggestion in place of commander's own. */
export function withDidYouMean(cmd: Command): Command {
  cmd.showSuggestionAfterError(false);
  cmd.configureOutput({
    outputError: (text, write) => {
      const hint = didYouMeanFor(text, cmd);
      write(hint ? `${text.trimEnd()}\n${hint}\n` : text);
    },
  });
  return cmd;
}
