/**
 * Wrong codes are counted per target and purpose, across codes: asking for a new code must not reset the
 * count, or an attacker gets a fresh set of guesses every minute.
 */
export const id = '0004_code_failures';

export const sql = /* sql */ `
alter table code_lockouts add column failures integer not null default 0;
alter table code_lockouts add column last_failure_at timestamptz;
alter table code_lockouts alter column locked_until drop not null;
`;
