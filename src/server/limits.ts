/** Message size limits shared by the transports. */
import type { DwimApp } from "./app.js";

/** Largest JSON-RPC message accepted: the argument limit plus 1 MiB of envelope. */
export function maxMessageBytes(app: DwimApp): number {
  const limits = app.config.sections.limits as { max_argument_bytes?: number } | undefined;
  return (limits?.max_argument_bytes ?? 4_000_000) + 1024 * 1024;
}
