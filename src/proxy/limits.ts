/** The proxy's bounds on what it reads from upstreams and lists to clients (no imports: the CLI reads them at start). */

/** Largest upstream message by default: a 24 MB result passes, a 46 MB file read through it does not. */
export const DEFAULT_MAX_UPSTREAM_MESSAGE_BYTES = 32 * 1024 * 1024;

/** JSON-RPC error code (server-defined range) for a response the upstream sent over the size limit. */
export const UPSTREAM_MESSAGE_TOO_LARGE_CODE = -32051;

/**
 * Nesting an upstream tool's listing may have: real schemas stay under a few dozen levels, while thousands overflow
 * the stack of whoever validates the listing (the SDK's own server does at about 1,200).
 */
export const MAX_TOOL_NESTING = 64;

/** A tools/list page toward the client holds at most this many tools and about this many bytes. */
export const TOOLS_PAGE_SIZE = 1000;
export const TOOLS_PAGE_BYTES = 4 * 1024 * 1024;
