/**
 * Preview conversions that failed, by file content (SHA-256), so a bad file is not converted again on every request
 * and by every instance: a timeout or a refusal as too complex is final, another failure is tried again after a while.
 */
export const id = '0018_preview_failures';

export const sql = /* sql */ `
create table document_preview_failures (
  sha256 text primary key,
  reason text not null check (reason in ('failed', 'timeout', 'too_complex')),
  attempts integer not null default 1,
  failed_at timestamptz not null
);
`;
