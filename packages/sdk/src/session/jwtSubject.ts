/**
 * The `sub` claim of a JWT (the server's access tokens name their user so), read without checking the signature:
 * only to tell whose cached values are whose, never to trust anything. Undefined for anything that is not a JWT
 * with a string `sub`.
 */
export function jwtSubject(token: string | undefined): string | undefined {
  const payload = token?.split('.')[1];
  if (!payload || token?.split('.').length !== 3) return undefined;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const claims: unknown = JSON.parse(
      new TextDecoder().decode(Uint8Array.from(json, (c) => c.charCodeAt(0))),
    );
    const sub = claims !== null && typeof claims === 'object' ? (claims as { sub?: unknown }).sub : undefined;
    return typeof sub === 'string' && sub !== '' ? sub : undefined;
  } catch {
    return undefined;
  }
}
