import { createHash, createHmac, randomBytes } from 'node:crypto';

/** A new unguessable token: 32 random bytes, base64url (43 characters). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What is stored of a token: its SHA-256, hex. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/**
 * The eGov mobile auth token of a QR session, derived from its id with the server's secret: API #1 must hand it
 * out again while only hashes are stored.
 */
export function qrAuthToken(secret: string, sessionId: string): string {
  return createHmac('sha256', secret).update(`egov-auth:${sessionId}`, 'utf8').digest('base64url');
}
