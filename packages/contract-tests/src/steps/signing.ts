import {
  type AttachChallenge,
  apiPath,
  attachChallengeSchema,
  DOCUMENT_PATHS,
  type Document,
  documentSchema,
  type QrSigningSession,
  qrSigningSessionSchema,
  SIGNING_PATHS,
  type SigningConfig,
  signingConfigSchema,
} from '@qoltanba/core';
import {
  A_BIN,
  B_BIN,
  companyPath,
  docPath,
  documentMeaning,
  draft,
  ok,
  pdf,
  refused,
  type Step,
  unreadableSignatures,
  upload,
} from '../table-support';

/** Signing: what both sides can judge without NCALayer. */
export const signingSteps: Step[] = [
  // ----- signing: what both sides can judge without NCALayer (a real CMS only the server can verify) -----
  {
    name: 'the signing config',
    request: () => ({ method: 'GET', path: SIGNING_PATHS.config, as: 'a' }),
    expect: ok(signingConfigSchema),
    same: (config: SigningConfig) => config,
  },
  {
    name: 'an attach challenge: 32 bytes to sign',
    request: () => ({ method: 'POST', path: SIGNING_PATHS.attachChallenge, as: 'a' }),
    expect: ok(attachChallengeSchema, 201),
    same: (challenge: AttachChallenge) => atob(challenge.data).length,
  },
  {
    name: 'a signature that is not a CMS',
    request: async (context, side) => ({
      method: 'POST',
      path: docPath(SIGNING_PATHS.sign, context, {}, B_BIN),
      as: 'b',
      json: { signatures: await unreadableSignatures(context, side) },
    }),
    expect: refused('SIGNATURE_INVALID'),
  },
  {
    name: 'an eGov mobile QR session for the signer',
    request: (context) => ({
      method: 'POST',
      path: docPath(SIGNING_PATHS.qrSigning, context, {}, B_BIN),
      as: 'b',
    }),
    expect: ok(qrSigningSessionSchema, 201),
    same: (session: QrSigningSession) => ({
      qr: session.qrPayload.startsWith('mobileSign:'),
      api1: session.qrPayload.endsWith(apiPath(SIGNING_PATHS.egovApi1, { sessionId: session.sessionId })),
      eventsUrl:
        session.eventsUrl === apiPath(SIGNING_PATHS.qrSigningEvents, { sessionId: session.sessionId }),
    }),
  },
  {
    name: 'the events of an unknown QR session',
    request: () => ({
      method: 'GET',
      path: apiPath(SIGNING_PATHS.qrSigningEvents, { sessionId: 'y'.repeat(43) }),
    }),
    expect: refused('QR_SESSION_NOT_FOUND', 404),
  },
  {
    name: 'eGov mobile API #1 of an unknown QR session',
    request: () => ({ method: 'GET', path: apiPath(SIGNING_PATHS.egovApi1, { sessionId: 'y'.repeat(43) }) }),
    expect: refused('QR_SESSION_NOT_FOUND', 404),
  },
  {
    name: 'an unknown signing link',
    request: () => ({ method: 'GET', path: apiPath(SIGNING_PATHS.signingLink, { token: 'x'.repeat(43) }) }),
    expect: refused('SIGNING_LINK_NOT_FOUND', 404),
  },
  {
    name: 'a rejection with too short a reason',
    request: (context) => ({
      method: 'POST',
      path: docPath(SIGNING_PATHS.reject, context, {}, B_BIN),
      as: 'b',
      json: { reason: 'abc' },
    }),
    expect: refused('REJECT_COMMENT_LENGTH'),
  },
  {
    name: 'revoking by the signer',
    request: (context) => ({
      method: 'POST',
      path: docPath(SIGNING_PATHS.revoke, context, {}, B_BIN),
      as: 'b',
    }),
    expect: refused('REVOKE_ONLY_BY_SENDER'),
  },
  {
    name: 'revoking by the sender while nobody signed',
    request: (context) => ({ method: 'POST', path: docPath(SIGNING_PATHS.revoke, context), as: 'a' }),
    expect: ok(documentSchema),
    same: documentMeaning,
  },
  {
    name: 'signing a revoked document',
    request: (context) => ({
      method: 'POST',
      path: docPath(SIGNING_PATHS.sign, context, {}, B_BIN),
      as: 'b',
      json: { signatures: [{ fileId: context.ids.firstFile, cms: btoa('not a CMS') }] },
    }),
    expect: refused('DOCUMENT_CHANGE_FORBIDDEN'),
  },
  {
    name: 'a second document to reject: created',
    request: () => ({
      method: 'POST',
      path: companyPath(DOCUMENT_PATHS.documents),
      as: 'a',
      form: upload({ ...draft, name: 'Договор аренды' }, [pdf('Аренда.pdf')]),
    }),
    expect: ok(documentSchema, 201),
    same: documentMeaning,
    keep: (context, body: Document) => {
      context.ids.toReject = body.id;
    },
  },
  {
    name: 'a second document to reject: sent',
    request: (context) => ({
      method: 'POST',
      path: apiPath(DOCUMENT_PATHS.send, { bin: A_BIN, id: String(context.ids.toReject) }),
      as: 'a',
    }),
    expect: ok(documentSchema),
    same: documentMeaning,
  },
  {
    name: 'the signer rejects it with a reason',
    request: (context) => ({
      method: 'POST',
      path: apiPath(SIGNING_PATHS.reject, { bin: B_BIN, id: String(context.ids.toReject) }),
      as: 'b',
      json: { reason: 'Неверные реквизиты' },
    }),
    expect: ok(documentSchema),
    same: (document: Document) => ({
      ...documentMeaning(document),
      rejection: [document.rejection?.identityNumber, document.rejection?.reason],
    }),
  },
  {
    name: 'rejecting it again',
    request: (context) => ({
      method: 'POST',
      path: apiPath(SIGNING_PATHS.reject, { bin: B_BIN, id: String(context.ids.toReject) }),
      as: 'b',
      json: { reason: 'Неверные реквизиты' },
    }),
    expect: refused('ONLY_IN_PROGRESS_CAN_BE_REJECTED'),
  },
];
