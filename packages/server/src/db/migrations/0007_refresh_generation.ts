/**
 * Refresh tokens carry their place in the session's rotation chain. Access tokens name the generation they
 * were issued with, so the empty-body refresh (bearer = the gateway cookie's access token) can rotate the
 * right refresh token and tell a stale access token (an older generation) from a current one. Tokens issued
 * before this migration are all generation 0 (hence no unique index); access tokens of that time carry no
 * generation, so they cannot use the empty-body refresh. The (session_id, generation) index also serves
 * lookups by session alone, so 0002's session index goes.
 */
export const id = '0007_refresh_generation';

export const sql = /* sql */ `
alter table refresh_tokens add column generation integer not null default 0;
create index refresh_tokens_generation_idx on refresh_tokens (session_id, generation);
drop index refresh_tokens_session_idx;
`;
