/**
 * A Web Storage kept in memory: the default where `localStorage` is missing (node, some sandboxed
 * iframes) and a clean, isolated storage for tests.
 *
 * @example createQoltanbaClient({ storage: createMemoryStorage() })
 */
export function createMemoryStorage(): Storage {
  const items = new Map<string, string>();
  const storage = {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key: string) => items.get(key) ?? null,
    key: (index: number) => [...items.keys()][index] ?? null,
    removeItem: (key: string) => {
      items.delete(key);
    },
    setItem: (key: string, value: string) => {
      items.set(key, String(value));
    },
  };
  return storage;
}
