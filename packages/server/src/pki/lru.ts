/** A bounded least-recently-used map whose entries may also expire at a given time. */
export class LruCache<V> {
  readonly #entries = new Map<string, { value: V; expiresAt: number }>();

  constructor(
    private readonly capacity: number,
    private readonly clock: () => number = Date.now,
  ) {}

  /** The value under `key` unless missing or expired; marks it recently used. */
  get(key: string): V | undefined {
    const entry = this.#entries.get(key);
    if (entry === undefined) return undefined;
    this.#entries.delete(key);
    if (entry.expiresAt <= this.clock()) return undefined;
    this.#entries.set(key, entry);
    return entry.value;
  }

  /** Stores `value` until `expiresAt` (ms since the epoch; Infinity for no expiry), evicting the oldest. */
  set(key: string, value: V, expiresAt = Number.POSITIVE_INFINITY): void {
    this.#entries.delete(key);
    this.#entries.set(key, { value, expiresAt });
    if (this.#entries.size > this.capacity) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
  }

  /** Forgets everything. */
  clear(): void {
    this.#entries.clear();
  }

  /** Number of entries held (expired ones included until read). */
  get size(): number {
    return this.#entries.size;
  }
}
