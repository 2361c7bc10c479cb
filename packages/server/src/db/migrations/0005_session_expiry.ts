/**
 * Sessions remember when their newest refresh token expires, so housekeeping can tell how long ago a session
 * ended after its tokens are gone.
 */
export const id = '0005_session_expiry';

export const sql = /* sql */ `
alter table sessions add column expires_at timestamptz;
update sessions set expires_at = coalesce(
  (select max(refresh_tokens.expires_at) from refresh_tokens where refresh_tokens.session_id = sessions.id),
  sessions.created_at + interval '30 days'
);
alter table sessions alter column expires_at set not null;
`;
