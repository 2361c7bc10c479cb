/**
 * Failed logins are counted per account key and client source (so one client's wrong guesses lock that client,
 * not the owner elsewhere), and per account key across all sources (source '*': a short back-off against
 * distributed guessing). Replaces the per-account password columns and `code_lockouts`: their locks were
 * short-lived, so starting the counts afresh loses nothing worth keeping.
 */
export const id = '0017_login_throttles';

export const sql = /* sql */ `
create table login_throttles (
  kind text not null check (kind in ('password', 'registration', 'otp', 'recovery', 'attach')),
  target text not null,
  subject text not null default '',
  source text not null,
  failures integer not null default 0,
  last_failure_at timestamptz,
  locked_until timestamptz,
  primary key (kind, target, subject, source)
);

drop table code_lockouts;
alter table users drop column password_failures;
alter table users drop column password_locked_until;
`;
