/**
 * The 2025-era HTTP sessions: bounded in number and in idle time, so that clients that never close (or a peer that
 * only sends initialize) cannot grow the server until it runs out of memory. Past the cap, the least recently used
 * session is closed; its client gets 404 and starts a new one, as the MCP transport specification prescribes.
 */
import type { NodeStreamableHTTPServerTransport } from "@modelcontextprotocol/node";
import type { Server } from "@modelcontextprotocol/server";

export interface Session {
  transport: NodeStreamableHTTPServerTransport;
  server: Server;
}

export interface SessionLimits {
  /** Most sessions kept at once (default 100). */
  maxSessions?: number;
  /** A session unused this long is closed (default 30 minutes). */
  idleMs?: number;
}

export class SessionTable {
  /** Insertion order is use order: a touched session is moved to the end. */
  private readonly sessions = new Map<string, Session & { lastUsed: number }>();
  private readonly maxSessions: number;
  private readonly idleMs: number;
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    limits: SessionLimits = {},
    private readonly now: () => number = Date.now,
  ) {
    this.maxSessions = Math.max(1, limits.maxSessions ?? 100);
    this.idleMs = Math.max(1, limits.idleMs ?? 30 * 60_000);
    this.sweeper = setInterval(() => void this.sweep(), Math.min(this.idleMs, 60_000));
    this.sweeper.unref();
  }

  get size(): number {
    return this.sessions.size;
  }

  /** The session, marked as just used. */
  use(id: string): Session | undefined {
    const s = this.sessions.get(id);
    if (!s) return undefined;
    this.sessions.delete(id);
    s.lastUsed = this.now();
    this.sessions.set(id, s);
    return s;
  }

  /** Adds a session, closing expired ones and then the least recently used while over the cap. */
  async add(id: string, session: Session): Promise<void> {
    await this.sweep();
    while (this.sessions.size >= this.maxSessions) {
      const [oldest] = this.sessions.keys();
      await this.close(oldest);
    }
    this.sessions.set(id, { ...session, lastUsed: this.now() });
  }

  forget(id: string): void {
    this.sessions.delete(id);
  }

  async sweep(): Promise<void> {
    const cutoff = this.now() - this.idleMs;
    for (const [id, s] of [...this.sessions]) if (s.lastUsed < cutoff) await this.close(id);
  }

  private async close(id: string): Promise<void> {
    const s = this.sessions.get(id);
    this.sessions.delete(id);
    await s?.transport.close().catch(() => undefined);
  }

  async closeAll(): Promise<void> {
    clearInterval(this.sweeper);
    for (const id of [...this.sessions.keys()]) await this.close(id);
  }
}
