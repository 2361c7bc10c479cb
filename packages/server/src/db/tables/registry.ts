import type { Generated } from 'kysely';
import type { Timestamp } from './columns.js';

/** The registry module's tables (`modules/registry/`). */
export interface RegistryTables {
  companies: CompaniesTable;
  memberships: MembershipsTable;
}

/** Kind of party a company row is. */
export type CompanyKindColumn = 'legal' | 'sole_proprietor' | 'individual';

/** Row of `companies`: a company context, keyed by BIN (or IIN for individuals and sole proprietors). */
export interface CompaniesTable {
  bin: string;
  kind: CompanyKindColumn;
  name_ru: string;
  short_name_ru: string | null;
  name_kk: string | null;
  short_name_kk: string | null;
  created_at: Timestamp;
}

/** Row of `memberships`: a user belongs to a company; at most one main company per user. */
export interface MembershipsTable {
  user_id: string;
  company_bin: string;
  is_main: Generated<boolean>;
  /** The company's administrator (at most one per company): manages its API keys. */
  is_admin: Generated<boolean>;
  created_at: Timestamp;
}
