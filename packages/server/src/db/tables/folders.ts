import type { Generated } from 'kysely';
import type { Timestamp } from './columns.js';

/** The folders module's table (`modules/folders/`). */
export interface FoldersTables {
  folders: FoldersTable;
}

/** Row of `folders`: a company's folder; `parent_id` null at the top level. Names are unique among siblings (any case). */
export interface FoldersTable {
  id: Generated<number>;
  company_bin: string;
  parent_id: number | null;
  name: string;
  created_at: Timestamp;
}
