import { reportError } from '@qoltanba/sdk';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';

/**
 * A navigation for event handlers: `go(pathTo(...))` with the router's promise handled (a failed move is
 * reported, never left floating). Build the path with `pathTo`; `search` (with its `?`) may follow it.
 */
export function useGo(): (path: string, options?: { replace?: boolean }) => void {
  const navigate = useNavigate();
  return useCallback(
    (path, options) => {
      Promise.resolve(navigate(path, options)).catch((error: unknown) =>
        reportError(error, { action: 'navigate', path }),
      );
    },
    [navigate],
  );
}
