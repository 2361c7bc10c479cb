import { computed, type ReadableAtom } from 'nanostores';
import { clientApiError } from '../api/apiError';
import { activeClient } from '../session/activeClient';
import { $companies, $selectedCompanyBin } from './companyStore';

/**
 * BIN of the company the documents, folders and counterparties calls act for: the selected company
 * (restored from storage before the list loads), else the main company, else undefined. Company-scoped
 * stores reload when it changes.
 */
export const $actingCompanyBin: ReadableAtom<string | undefined> = computed(
  [$selectedCompanyBin, $companies],
  (selected, list) => selected ?? list.find((company) => company.isMainCompany)?.bin,
);

/**
 * The acting company's BIN ({@link $actingCompanyBin}), or `bin` when given. Throws ApiError
 * COMPANY_REQUIRED (status 403, nothing sent) when there is none.
 */
export function actingCompanyBin(bin?: string): string {
  const acting = bin ?? $actingCompanyBin.get();
  if (acting !== undefined) return acting;
  throw clientApiError('COMPANY_REQUIRED', activeClient().lang());
}
