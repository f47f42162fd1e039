/**
 * `run`, one call at a time, shared: a call while one is under way waits for the next run, which starts
 * after it and serves every call that arrived meanwhile. Each caller so sees a run that began after it
 * asked (a search index's read of changes: every change committed before the search is read).
 */
export function inTurns(run: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined;
  let queued: Promise<void> | undefined;
  function call(): Promise<void> {
    if (!running) {
      running = run().finally(() => {
        running = undefined;
      });
      return running;
    }
    queued ??= running
      .catch(() => undefined)
      .then(() => {
        queued = undefined;
        return call();
      });
    return queued;
  }
  return call;
}
