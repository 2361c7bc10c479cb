import { useLocation } from 'react-router';
import { type ResolvedRoute, resolveRoute } from './routeTable';

/** The route table entry the current location resolves to (name, list status, editor mode, params). */
export function useCurrentRoute(): ResolvedRoute {
  return resolveRoute(useLocation().pathname);
}
