/** The set of tools a server or CLI serves, looked up by name and declared alias. */
import { type CandidateSpec, NameIndex } from "./suggest.js";
import type { AnyToolDefinition } from "./tool.js";

export class ToolRegistry {
  readonly tools: readonly AnyToolDefinition[];
  private readonly byName = new Map<string, AnyToolDefinition>();
  /** Names and aliases of every tool, for the core's did-you-mean on unknown tools. */
  readonly names: NameIndex;

  /**
   * Throws at startup on two tools with one name or an alias that collides with a name or another alias.
   * `unserved`: tools this program has but does not serve here (name → toolset), so that an error can say how to
   * serve one instead of calling it unknown.
   */
  constructor(
    tools: readonly AnyToolDefinition[],
    readonly unserved: ReadonlyMap<string, string> = new Map(),
  ) {
    this.tools = tools;
    for (const tool of tools) {
      if (this.byName.has(tool.name)) throw new Error(`Duplicate tool name '${tool.name}'`);
      this.byName.set(tool.name, tool);
    }
    const aliasOwner = new Map<string, string>();
    for (const tool of tools) {
      for (const alias of tool.aliases) {
        if (this.byName.has(alias)) throw new Error(`Alias '${alias}' of '${tool.name}' is the name of a tool`);
        const owner = aliasOwner.get(alias);
        if (owner) throw new Error(`Alias '${alias}' is declared by both '${owner}' and '${tool.name}'`);
        aliasOwner.set(alias, tool.name);
      }
    }
    const specs: CandidateSpec[] = tools.map((t) => ({
      target: t.name,
      aliases: t.aliases,
      destructive: t.annotations.destructiveHint === true,
    }));
    this.names = new NameIndex(specs);
  }

  get(name: string): AnyToolDefinition | undefined {
    return this.byName.get(name);
  }

  /** Exact name or declared alias. */
  lookup(nameOrAlias: string): AnyToolDefinition | undefined {
    const direct = this.byName.get(nameOrAlias);
    if (direct) return direct;
    return this.tools.find((t) => t.aliases.includes(nameOrAlias));
  }

  /** Why `name` is not served when dwim has it in another toolset, with the flag that serves it. */
  unservedNote(name: string): string | undefined {
    const toolset = this.unserved.get(name);
    if (toolset === undefined) return undefined;
    return `'${name}' (dwim's ${toolset} toolset) is not served here: start dwim with --tools ${toolset} or --tools ${name}`;
  }

  /** The way to see what is served: list_capabilities when it is served, else the served names themselves. */
  listingHint(): string {
    if (this.byName.has("list_capabilities")) return "Use list_capabilities to see every tool";
    const names = this.tools.map((t) => t.name);
    const shown = names.slice(0, 12).join(", ");
    return `Tools served here: ${shown}${names.length > 12 ? `, and ${names.length - 12} more` : ""}`;
  }

  toolsets(): string[] {
    return [...new Set(this.tools.map((t) => t.toolset))];
  }
}
