import { atom, computed, type ReadableAtom } from 'nanostores';

const pending = atom(0);

/** True while any API request of any Qoltanba client is in flight; drive a global loader from it. */
export const $loading: ReadableAtom<boolean> = computed(pending, (count) => count > 0);

/** Counts `work` as an in-flight request until it settles, with success or error. */
export async function trackLoading<T>(work: () => Promise<T>): Promise<T> {
  pending.set(pending.get() + 1);
  try {
    return await work();
  } finally {
    pending.set(pending.get() - 1);
  }
}
