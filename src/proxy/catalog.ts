/**
 * The tools the proxy serves: dwim's own toolsets (if any) and every upstream's tools, under the names clients see.
 * An upstream's tool keeps its name unless the upstream has a prefix (`--prefix fs` → `fs__read_file`) or its name
 * clashes with a tool served before it (dwim's own first, then upstreams in order); an upstream with a clash is
 * namespaced whole by its name, so its tools stay recognisable as one family. Listings are the upstream's Tool
 * objects verbatim (outputSchema, annotations, execution/task support, icons, _meta), renamed only when namespaced.
 */
import type { Tool } from "@modelcontextprotocol/client";
import type { AnyToolDefinition } from "../core/tool.js";
import { BUILTIN_TOOL_ALIASES, definitionFromListing, normOf } from "../router/index.js";
import { MAX_TOOL_NESTING, TOOLS_PAGE_BYTES, TOOLS_PAGE_SIZE } from "./limits.js";
import type { Upstream } from "./upstream.js";

export { allowsExtraProperties, isDestructive, zodObjectFromJsonSchema } from "../router/index.js";

/** Toolset name of mirrored tools (the router lists them under namespace `proxy`). */
const PROXY_TOOLSET = "proxy";
export const NAMESPACE_SEPARATOR = "__";

export interface ServedTool {
  /** The name clients call. */
  name: string;
  /** The upstream serving it; undefined for dwim's own tools. */
  upstream?: Upstream;
  /** The upstream's own name for it. */
  original: string;
  /** What tools/list returns for it. */
  listing: Tool;
  /** What the router indexes (dwim's definition, or a mirror of the upstream tool). */
  definition: AnyToolDefinition;
  /** Indexed by the router (false for a second tool whose name normalises like another's: exact calls only). */
  indexed: boolean;
  /** Input property → its JSON Schema type when that is one plain type (for the exact-call fast path). */
  params: Map<string, string | undefined>;
}

export interface Catalog {
  tools: ServedTool[];
  byName: Map<string, ServedTool>;
  /** The definitions the router indexes (a new array per catalog, so the router rebuilds its index). */
  definitions: AnyToolDefinition[];
  listing: Tool[];
  /** Upstreams namespaced because of a clash (kept across rebuilds so names do not move under a client). */
  namespaced: Set<string>;
  notes: string[];
  /** Where each tools/list page starts in `listing` (computed on the first tools/list). */
  pageStarts?: number[];
}

function namespacedName(namespace: string, name: string): string {
  return `${namespace}${NAMESPACE_SEPARATOR}${name}`;
}

export function buildCatalog(
  own: { tools: readonly AnyToolDefinition[]; list(tool: AnyToolDefinition): Tool } | undefined,
  upstreams: readonly Upstream[],
  namespaced: Set<string> = new Set(),
): Catalog {
  const notes: string[] = [];
  const tools: ServedTool[] = [];
  const byName = new Map<string, ServedTool>();
  const norms = new Set<string>();
  const add = (tool: ServedTool) => {
    const norm = normOf(tool.name);
    tool.indexed = !norms.has(norm);
    if (!tool.indexed) notes.push(`'${tool.name}' normalises like another tool's name: only its exact name calls it`);
    norms.add(norm);
    tools.push(tool);
    byName.set(tool.name, tool);
  };
  for (const def of own?.tools ?? []) {
    // dwim's own aliases are taken names too: an upstream `search_files` would shadow fuzzy_search_files' alias.
    const shipped = Object.hasOwn(BUILTIN_TOOL_ALIASES, def.name) ? BUILTIN_TOOL_ALIASES[def.name] : [];
    for (const alias of [...def.aliases, ...shipped]) norms.add(normOf(alias));
    add({
      name: def.name,
      original: def.name,
      listing: (own as NonNullable<typeof own>).list(def),
      definition: def,
      indexed: true,
      params: new Map(),
    });
  }
  for (const upstream of upstreams) {
    const servable = upstream.tools.filter((tool) => {
      if (!nestsDeeperThan(tool, MAX_TOOL_NESTING)) return true;
      notes.push(
        `upstream '${upstream.name}': tool '${String(tool.name).slice(0, 100)}' is left out: its listing nests more than ${MAX_TOOL_NESTING} levels deep`,
      );
      return false;
    });
    const prefix = upstream.spec.prefix ?? (namespaced.has(upstream.name) ? upstream.name : undefined);
    let names = servable.map((t) => (prefix ? namespacedName(prefix, t.name) : t.name));
    if (!prefix && names.some((n) => byName.has(n) || norms.has(normOf(n)))) {
      namespaced.add(upstream.name);
      const clashes = names.filter((n) => byName.has(n) || norms.has(normOf(n)));
      notes.push(
        `upstream '${upstream.name}': ${clashes.slice(0, 3).join(", ")}${clashes.length > 3 ? ", …" : ""} ` +
          `clash with tools served before it; its tools are served as ${upstream.name}${NAMESPACE_SEPARATOR}<name>`,
      );
      names = servable.map((t) => namespacedName(upstream.name, t.name));
    }
    servable.forEach((tool, i) => {
      const name = names[i];
      if (byName.has(name)) {
        notes.push(`upstream '${upstream.name}': tool '${name}' is listed twice; the first is served`);
        return;
      }
      add({
        name,
        upstream,
        original: tool.name,
        listing: name === tool.name ? tool : { ...tool, name },
        definition: mirrorDefinition(tool, name),
        indexed: true,
        params: propertyTypes(tool.inputSchema),
      });
    });
  }
  return {
    tools,
    byName,
    definitions: tools.filter((t) => t.indexed).map((t) => t.definition),
    listing: tools.map((t) => t.listing),
    namespaced,
    notes,
  };
}

/** Whether a JSON value nests objects and arrays deeper than `limit` (iterative: it may be thousands deep). */
function nestsDeeperThan(value: unknown, limit: number): boolean {
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    if (typeof item.value !== "object" || item.value === null) continue;
    if (item.depth >= limit) return true;
    for (const child of Object.values(item.value)) stack.push({ value: child, depth: item.depth + 1 });
  }
  return false;
}

/**
 * One page of tools/list. A listing that fits in one page (TOOLS_PAGE_SIZE tools, about TOOLS_PAGE_BYTES) is
 * answered whole, without a cursor, as before; a larger one in pages, so that no single message outgrows what a
 * client reads (the SDK client's default is 10 MB). The cursor is the offset of the next page.
 */
export function toolsPage(catalog: Catalog, cursor: unknown): { tools: Tool[]; nextCursor?: string } {
  catalog.pageStarts ??= pageStarts(catalog.listing);
  const starts = catalog.pageStarts;
  const offset = cursor === undefined ? 0 : offsetOf(cursor);
  const page = offset === undefined ? -1 : starts.indexOf(offset);
  if (page === -1) throw new InvalidCursorError(cursor);
  const end = starts[page + 1] ?? catalog.listing.length;
  const tools = catalog.listing.slice(offset, end);
  return page + 1 < starts.length ? { tools, nextCursor: `tools:${end}` } : { tools };
}

export class InvalidCursorError extends Error {
  constructor(readonly cursor: unknown) {
    super(`Invalid cursor for tools/list: ${JSON.stringify(cursor)?.slice(0, 100)} (start again without one)`);
  }
}

function offsetOf(cursor: unknown): number | undefined {
  const m = typeof cursor === "string" ? /^tools:(\d{1,9})$/u.exec(cursor) : null;
  return m ? Number(m[1]) : undefined;
}

function pageStarts(listing: readonly Tool[]): number[] {
  const starts = [0];
  let tools = 0;
  let bytes = 0;
  listing.forEach((tool, i) => {
    const size = JSON.stringify(tool).length;
    if (tools > 0 && (tools >= TOOLS_PAGE_SIZE || bytes + size > TOOLS_PAGE_BYTES)) {
      starts.push(i);
      tools = 0;
      bytes = 0;
    }
    tools++;
    bytes += size;
  });
  return starts;
}

/** The router's definition of an upstream tool (toolset `proxy`, under the name clients call). */
export function mirrorDefinition(tool: Tool, name: string = tool.name): AnyToolDefinition {
  return definitionFromListing(tool, PROXY_TOOLSET, name);
}

function propertyTypes(schema: Tool["inputSchema"] | undefined): Map<string, string | undefined> {
  const types = new Map<string, string | undefined>();
  for (const [name, p] of Object.entries(schema?.properties ?? {})) {
    const type = (p as { type?: unknown } | null)?.type;
    types.set(name, typeof type === "string" ? type : undefined);
  }
  return types;
}
