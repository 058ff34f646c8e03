/**
 * Tool aliases shipped with the router (docs/router.md, "Call middleware"): names agents trained on other tool sets
 * send for dwim's tools. Generic verbs (search, find, get, show) are never aliases. Parameter aliases are not here:
 * they belong to each tool's own definition (`paramAliases`).
 */
export const BUILTIN_TOOL_ALIASES: Readonly<Record<string, readonly string[]>> = {
  fuzzy_search_content: ["grep", "rg", "search_content", "search_text"],
  fuzzy_search_files: ["find_files", "glob", "search_files"],
  edit_file: ["str_replace"],
  read_file: ["cat", "view_file"],
  convert: ["convert_units", "unit_convert"],
  list_capabilities: ["list_tools", "help"],
};

/** Generic verbs that must never become a tool alias: they name an operation of many tools. */
export const GENERIC_VERBS: ReadonlySet<string> = new Set(["search", "find", "get", "show", "list", "run", "do"]);
