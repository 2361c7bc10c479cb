/**
 * A company's folders (a tree, shared by every member) and its address book of counterparties.
 *
 * Folder names are unique among siblings without regard to case: the expression index decides concurrent
 * creates and renames. The parent is a folder of the same company (composite key), and deleting a folder
 * deletes its subtree. Documents keep their own folder references (the documents module's tables); the
 * folders module tells it which folders went, so no key points from here to there or back.
 */
export const id = '0009_folders_counterparties';

export const sql = /* sql */ `
create table folders (
  id integer generated always as identity primary key,
  company_bin text not null references companies (bin) on delete cascade,
  parent_id integer,
  name text not null check (char_length(name) between 1 and 100),
  created_at timestamptz not null,
  unique (company_bin, id),
  foreign key (company_bin, parent_id) references folders (company_bin, id) on delete cascade
);
create unique index folders_sibling_name_idx on folders (company_bin, coalesce(parent_id, 0), lower(name));
create index folders_parent_idx on folders (parent_id) where parent_id is not null;

create table counterparties (
  id integer generated always as identity primary key,
  company_bin text not null references companies (bin) on delete cascade,
  identity_number text not null check (identity_number ~ '^[0-9]{12}$'),
  name_ru text not null,
  name_kk text,
  emails jsonb not null check (jsonb_typeof(emails) = 'array'),
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create unique index counterparties_identity_idx on counterparties (company_bin, identity_number);
`;
