/**
 * Blobs written but not yet referred to (issue 23): a key is recorded here before its bytes are stored and the
 * record goes in the transaction that commits the rows referring to it, so an upload cut between the two (a
 * killed process) leaves a record the purge finds after a grace period, never an object nobody knows.
 */
export const id = '0027_pending_blobs';

export const sql = /* sql */ `
create table pending_blobs (
  blob_key text primary key,
  created_at timestamptz not null
);
create index pending_blobs_created_idx on pending_blobs (created_at);
`;
