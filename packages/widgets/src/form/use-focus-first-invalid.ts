import { type RefObject, useCallback, useEffect, useState } from 'react';

/** Returns a function that, after the next render, focuses the first `aria-invalid="true"` control inside `root`. */
export function useFocusFirstInvalid(root: RefObject<HTMLElement | null>): () => void {
  const [request, setRequest] = useState(0);
  useEffect(() => {
    if (request === 0) return;
    root.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [request, root]);
  return useCallback(() => setRequest((n) => n + 1), []);
}
