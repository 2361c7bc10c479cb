import type { ReadableAtom } from 'nanostores';
import { useCallback, useSyncExternalStore } from 'react';

/**
 * `useStore` for the sdk's atoms that load when first watched (document lists, documents, folders,
 * counterparties, a draft editor). `useStore` reads with `store.get()` during render, which mounts such a store
 * there and starts its request mid-render (the loader flag then changes other components while this one
 * renders). This reads the atom's current value instead and mounts the store when React subscribes, after
 * the render. Only for atoms (their value is always set), not computed stores.
 */
export function useSdkStore<T>(store: ReadableAtom<T>): T {
  const subscribe = useCallback((changed: () => void) => store.listen(changed), [store]);
  return useSyncExternalStore(subscribe, () => store.value as T);
}
