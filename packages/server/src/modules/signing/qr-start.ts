import { apiPath, EGOV_QR_PREFIX, type QrSigningSession, SIGNING_PATHS } from '@qoltanba/core';
import { createQrSession } from './qr-sessions.js';
import { type SigningParty, signableTarget } from './sign-flow.js';
import type { SigningContext } from './signing-context.js';

/** eGov mobile's dynamic link for phones (the personal app); `link` is the API #1 URL. */
export function egovDeepLink(api1Url: string): string {
  return `https://mgovsign.page.link/?link=${encodeURIComponent(api1Url)}&isi=1476128386&ibi=kz.egov.mobile&apn=kz.mobile.mgov`;
}

/**
 * Starts a QR session for the party after checking that it may sign now, as a signing checks it (core's
 * `signCheck`, the expiry date: DOCUMENT_EXPIRED), so the portal shows the refusal instead of a QR code; answers
 * what the portal shows.
 */
export async function startQrSession(
  context: SigningContext,
  documentId: number,
  party: SigningParty,
): Promise<QrSigningSession> {
  await signableTarget(context.db, documentId, party.identityNumber, context.clock());
  const { sessionId, expiresAt } = await createQrSession(
    context.db,
    context.config.tokenSecret,
    { documentId, ...party },
    context.clock(),
    context.config.qrSigningTimeoutSeconds,
  );
  const api1Url = `${context.config.publicUrl}${apiPath(SIGNING_PATHS.egovApi1, { sessionId })}`;
  return {
    sessionId,
    qrPayload: `${EGOV_QR_PREFIX}${api1Url}`,
    deepLink: egovDeepLink(api1Url),
    eventsUrl: apiPath(SIGNING_PATHS.qrSigningEvents, { sessionId }),
    expiresAt: expiresAt.toISOString(),
  };
}
