/**
 * MCP roots: the directories the client works in. A 2025-era client that declares the `roots` capability is asked
 * for them once initialized and again on `notifications/roots/list_changed`; they are kept in the session. On
 * 2026-07-28 (stateless; roots are deprecated there and travel as an input_required round trip) dwim asks only when it
 * has no project directory of its own. The first root is the project unless `--project` names one; every root is an
 * allowed root for the file tools.
 */
import { fileURLToPath } from "node:url";
import {
  CLIENT_CAPABILITIES_META_KEY,
  inputRequired,
  inputResponse,
  type Server,
  type ServerContext,
} from "@modelcontextprotocol/server";
import type { SessionState } from "../core/index.js";

const ROOTS_KEY = "mcp.roots";

interface RootsSlot {
  dirs?: string[];
  pending?: Promise<void>;
}

/** Local directories of `file://` roots; other schemes name nothing dwim can open. */
function rootDirectories(roots: ReadonlyArray<{ uri: string }>): string[] {
  const dirs: string[] = [];
  for (const root of roots) {
    try {
      if (root.uri.startsWith("file:")) dirs.push(fileURLToPath(root.uri));
    } catch {
      // a malformed URI names no directory
    }
  }
  return dirs;
}

function slotOf(session: SessionState): RootsSlot {
  return session.get<RootsSlot>(ROOTS_KEY, () => ({}));
}

/** 2025 era: fetch the client's roots after initialization and whenever it says they changed. */
export function trackClientRoots(server: Server, session: SessionState, onError: (e: Error) => void): void {
  const refresh = () => {
    if (!server.getClientCapabilities()?.roots) return;
    const slot = slotOf(session);
    slot.pending = server
      .listRoots()
      .then((r) => {
        slot.dirs = rootDirectories(r.roots);
      })
      .catch((e: unknown) => onError(e as Error));
  };
  server.oninitialized = refresh;
  server.setNotificationHandler("notifications/roots/list_changed", async () => refresh());
}

/** The session's roots, once any fetch in flight has settled (bounded: a silent client cannot stall a call). */
export async function sessionRoots(session: SessionState, waitMs = 2000): Promise<string[] | undefined> {
  const slot = slotOf(session);
  if (slot.pending) {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([slot.pending, new Promise((resolve) => (timer = setTimeout(resolve, waitMs)))]);
    clearTimeout(timer);
  }
  return slot.dirs;
}

/**
 * 2026-07-28: the roots carried by this retried request, or the input_required result that asks for them when the
 * client can answer (it declared `roots` in the request's envelope). Undefined: proceed without roots.
 */
export function modernRoots(
  ctx: ServerContext,
  session: SessionState,
): { dirs: string[] } | { ask: ReturnType<typeof inputRequired> } | undefined {
  const envelope = ctx.mcpReq.envelope as Record<string, unknown> | undefined;
  if (!envelope) return undefined;
  const answer = inputResponse(ctx.mcpReq.inputResponses, "roots");
  if (answer.kind === "roots") {
    const dirs = rootDirectories(answer.roots);
    slotOf(session).dirs = dirs;
    return { dirs };
  }
  const capabilities = envelope[CLIENT_CAPABILITIES_META_KEY] as { roots?: unknown } | undefined;
  if (!capabilities?.roots) return undefined;
  return { ask: inputRequired({ inputRequests: { roots: inputRequired.listRoots() } }) };
}
