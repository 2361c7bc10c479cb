// How the fake orders names in its lists (folders, counterparties).

/** Text order of the server's `order by lower(name)`. */
export function compareText(a: string, b: string): number {
  const left = a.toLowerCase();
  const right = b.toLowerCase();
  return left < right ? -1 : left > right ? 1 : 0;
}
