import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './columns.js';

/** The counterparties module's table (`modules/counterparties/`). */
export interface CounterpartiesTables {
  counterparties: CounterpartiesTable;
}

/** Row of `counterparties`: an entry of a company's address book, unique by BIN/IIN within the company. */
export interface CounterpartiesTable {
  id: Generated<number>;
  company_bin: string;
  identity_number: string;
  name_ru: string;
  name_kk: string | null;
  /** Normalised e-mail addresses, a JSON array of strings (written as its JSON text). */
  emails: ColumnType<string[], string, string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}
