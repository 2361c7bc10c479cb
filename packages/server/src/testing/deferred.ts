/** A promise with its resolve function outside: lets a test release waiting work at a chosen moment. */
export interface Deferred<T = void> {
  promise: Promise<T>;
  resolve(value: T): void;
}

/** A new {@link Deferred}. */
export function deferred<T = void>(): Deferred<T> {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}
