import { apiPath, egovDocumentsToSignSchema, type Party, SIGNING_PATHS } from '@qoltanba/core';
import { type FakeContext, FakeRefusal, failure, json, parseInput, refuse } from '../fakeHttp';
import type { SigningParts } from './parts';
import { isFinal } from './qrSessions';

// The eGov mobile QR routes: the browser follows a session's events; eGov mobile reads the description (API #1),
// fetches the files and puts the signatures (API #2) with the session's auth token.

/** The routes of a QR session. */
export function qrRoutes({ options: { documents, baseUrl }, rules, qr }: SigningParts) {
  const { access } = documents;
  const { emit, liveSession, egovSession, eventStream } = qr;

  function followQrSigning(context: FakeContext): Response {
    return eventStream(liveSession(context.params.sessionId));
  }

  function getEgovQrDescription(context: FakeContext): Response {
    const session = liveSession(context.params.sessionId);
    if (isFinal(session.state)) refuse('ENTITY_NOT_FOUND');
    const record = documents.document(session.documentId);
    return json(200, {
      description: record.name,
      expiry_date: session.expiresAt,
      organisation: { nameRu: 'Qoltanba', nameKz: 'Qoltanba', nameEn: 'Qoltanba', bin: '990340005977' },
      document: {
        uri: `${baseUrl}${apiPath(SIGNING_PATHS.egovApi2, { sessionId: session.sessionId })}`,
        auth_type: 'Token',
        auth_token: session.authToken,
      },
    });
  }

  function getEgovDocuments(context: FakeContext): Response {
    const session = egovSession(context);
    const record = documents.document(session.documentId);
    if (session.state === 'WAITING') emit(session, 'FETCHED');
    return json(200, {
      signMethod: 'CMS_SIGN_ONLY',
      version: 2,
      documentsToSign: record.files.map((file) => ({
        id: file.id,
        nameRu: file.name,
        nameKz: file.name,
        nameEn: file.name,
        meta: [],
        document: { file: { mime: 'application/pdf', data: btoa(String.fromCharCode(...file.bytes)) } },
      })),
    });
  }

  function putEgovSignatures(context: FakeContext): Response {
    const session = egovSession(context);
    const body = parseInput(egovDocumentsToSignSchema, context.rawBody);
    const record = documents.document(session.documentId);
    const signatures = body.documentsToSign.map((entry) => ({
      fileId: entry.id,
      cms: entry.document.file.data,
    }));
    const signer = access.signerOf(record, session.identityNumber);
    const party: Party = {
      bin: session.identityNumber,
      nameRu: signer?.nameRu ?? '',
      nameKk: signer?.nameKk ?? null,
    };
    try {
      rules.sign(record, session.identityNumber, { signatures }, { ...context, account: undefined }, party);
    } catch (error) {
      if (!(error instanceof FakeRefusal)) throw error;
      const code = error.code;
      emit(session, 'FAILED', code);
      return failure(code, 403);
    }
    emit(session, 'SIGNED');
    return json(200, { signed: true });
  }

  return { followQrSigning, getEgovQrDescription, getEgovDocuments, putEgovSignatures };
}
