import { apiPath } from '@qoltanba/core';
import type { ApiClient } from '../api/client';
import { activeClient } from '../session/activeClient';
import type { QoltanbaClient } from '../session/client';
import { actingCompanyBin } from './actingCompany';

/** Options of every company-scoped call (documents, folders, counterparties). */
export interface CompanyScope {
  /** Act for this company instead of {@link $actingCompanyBin} (e.g. an editor pinned to its company). */
  bin?: string;
  /** Aborts the request; the call then rejects with an `AbortError`. */
  signal?: AbortSignal;
}

/** A company-scoped request about to be made: the client, the filled path and the company it acts for. */
export interface CompanyRequest {
  client: QoltanbaClient;
  bin: string;
  path: string;
  /** `client.api` on `path` (plus `search`), with the scope's abort signal. */
  api: ApiClient;
}

/**
 * Fills a company path template (`:bin` from the scope or the acting company) and prepares the request;
 * `search` is a query string including its `?`.
 */
export function companyRequest(
  template: string,
  params: Record<string, string | number>,
  scope: CompanyScope = {},
  search = '',
): CompanyRequest {
  const client = activeClient();
  const bin = actingCompanyBin(scope.bin);
  const filled = Object.fromEntries(Object.entries(params).map(([name, value]) => [name, String(value)]));
  const path = apiPath(template, { ...filled, bin });
  const base = scope.signal ? client.api.options({ signal: scope.signal }) : client.api;
  const api = base.url(`${path}${search}`);
  return { client, bin, path, api };
}
