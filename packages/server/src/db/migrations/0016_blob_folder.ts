/**
 * The local blob folder this database's files are in: the marker id written into that folder at first start
 * (`blob/blob-folder-marker.ts`). One row; an instance whose folder carries another marker, or none, is refused.
 */
export const id = '0016_blob_folder';

export const sql = /* sql */ `
create table blob_folder (
  id smallint primary key default 1 check (id = 1),
  marker text not null,
  recorded_at timestamptz not null default now()
);
`;
