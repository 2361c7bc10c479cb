import { COMPANY_QUERY } from '@qoltanba/core';
import { selectCompany } from '@qoltanba/sdk';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { isCompanySwitchLocked, type RouteName } from '../routes/routeNames';

/**
 * Applies a cabinet address's `?company=` (an e-mailed notification's link names the company it concerns): that
 * company acts when it is one of the user's and the screen allows a switch, then the parameter leaves the address.
 * Answers true while the parameter is still there, so the caller holds the screen until the company is in effect
 * (otherwise the document would load as the previously selected company and read as not found).
 */
export function useCompanyFromAddress(route: RouteName | undefined, companiesLoaded: boolean): boolean {
  const [search, setSearch] = useSearchParams();
  const bin = search.get(COMPANY_QUERY);
  useEffect(() => {
    if (bin === null || !companiesLoaded) return;
    if (!isCompanySwitchLocked(route)) selectCompany(bin);
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(COMPANY_QUERY);
        return next;
      },
      { replace: true },
    );
  }, [bin, companiesLoaded, route, setSearch]);
  return bin !== null;
}
