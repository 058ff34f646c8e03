/**
 * A long loop on the server's thread gives the event loop a turn every few milliseconds, so that other calls, timers
 * and I/O are served meanwhile: the loop awaits the returned function between items. (Awaiting a promise that is
 * already settled is not a turn: it runs before any timer or message.)
 */
export function yieldEvery(sliceMs = 10): () => Promise<void> {
  let last = performance.now();
  return async () => {
    if (performance.now() - last < sliceMs) return;
    await new Promise((resolve) => setImmediate(resolve));
    last = performance.now();
  };
}
