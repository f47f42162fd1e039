/** A promise and the function that resolves it: a gate a test opens when it chooses. */
export function deferred() {
  let resolve = () => undefined as void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}
