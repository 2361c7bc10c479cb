import {
  contentDisposition,
  createExternalLinkRequestSchema,
  documentParamsSchema,
  EXTERNAL_LINK_DEFAULT_DAYS,
  EXTERNAL_LINK_HEADER,
  EXTERNAL_LINK_VIEW_DETAILS,
  type ExternalDocumentView,
  type ExternalFileVerification,
  type ExternalLink,
  externalDocumentParamsSchema,
  externalFileParamsSchema,
  externalLinkHeadersSchema,
  externalLinkParamsSchema,
  type Party,
  type VerifiedSignature,
} from '@qoltanba/core';
import { creatorOf } from './documents/access';
import type { createFakeDocuments } from './documents/fakeDocuments';
import { bytesResponse, CONTENT_TYPES, FAKE_CONVERTED_PDF } from './documents/fileContent';
import type { FakeDocumentRecord } from './documents/records';
import { type FakeContext, type FakeHandler, json, noContent, parseInput, refuse } from './fakeHttp';
import type { FakeOperationId } from './fakeRoutes';

// External document links of the fake server, with the server's rules (packages/server/src/modules/external-links):
// a participant's company shares a sent document; the holder reads it with the token header; unknown, revoked,
// expired or other-document tokens answer ENTITY_NOT_FOUND alike. The fake keeps no CMS: a file of a document
// somebody signed verifies as one passing signature per signed party.

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

/** A link as the fake keeps it (the token itself: the fake has nothing to protect). */
export interface FakeExternalLink extends ExternalLink {
  token: string;
  documentId: number;
  bin: string;
  lastViewAt: number | undefined;
}

function newToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** Whether anybody signed the document (the fake's evidence and verification need at least one signature). */
export function fakeDocumentSigned(record: FakeDocumentRecord): boolean {
  return record.senderSigned === true || record.signers.some((signer) => signer.state === 'SIGNED');
}

/** One passing fake signature of `party` over a stored file. */
function storedSignature(party: { bin: string; nameRu: string }, at: string): VerifiedSignature {
  return {
    indication: 'TOTAL_PASSED',
    subIndication: null,
    signer: {
      iin: null,
      bin: party.bin,
      fullName: party.nameRu,
      surname: null,
      givenName: null,
      patronymic: null,
      organisation: party.nameRu,
      email: null,
      role: 'first_head',
      roles: ['first_head'],
    },
    certificate: {
      serial: party.bin,
      notBefore: '2026-01-01T00:00:00.000Z',
      notAfter: '2027-01-01T00:00:00.000Z',
      issuer: 'CN=ҰЛТТЫҚ КУӘЛАНДЫРУШЫ ОРТАЛЫҚ (GOST) TEST 2022,C=KZ',
      subject: `CN=${party.nameRu},OU=BIN${party.bin},C=KZ`,
    },
    signingTime: at,
    signatureType: 'GOST2015',
    packaging: 'detached',
    revocation: { status: 'good', source: 'ocsp', revokedAt: null, checkedAt: at },
    signedFile: 0,
    signatureFile: null,
    signedHere: true,
    ip: '127.0.0.1',
    signedAt: at,
  };
}

/** The external links service of the fake server. */
export function createFakeExternalLinks(options: {
  now: () => Date;
  baseUrl: string;
  documents: ReturnType<typeof createFakeDocuments>;
}) {
  const { now, baseUrl, documents } = options;
  const { access } = documents;
  const links = new Map<number, FakeExternalLink>();
  let nextId = 0;

  const listed = ({
    token: _t,
    documentId: _d,
    bin: _b,
    lastViewAt: _l,
    ...link
  }: FakeExternalLink): ExternalLink => link;

  /** The party a company is in a document: its sender or one of its signers. */
  function partyOf(record: FakeDocumentRecord, bin: string): Party {
    if (record.sender.bin === bin) return record.sender;
    const signer = access.signerOf(record, bin);
    return { bin, nameRu: signer?.nameRu ?? bin, nameKk: signer?.nameKk ?? null };
  }

  /** The live link of the token header to document `id`, and the document as its company sees it; else 404. */
  function liveLink(context: FakeContext, id: number) {
    const headers = parseInput(externalLinkHeadersSchema, {
      [EXTERNAL_LINK_HEADER]: context.headers.get(EXTERNAL_LINK_HEADER) ?? undefined,
    });
    const token = headers[EXTERNAL_LINK_HEADER];
    const link = [...links.values()].find(
      (candidate) =>
        candidate.token === token &&
        candidate.documentId === id &&
        candidate.revokedAt === null &&
        Date.parse(candidate.expiresAt) > now().getTime(),
    );
    if (!token || !link) refuse('ENTITY_NOT_FOUND');
    const record = documents.documents.get(id);
    if (!record || record.status === 'DRAFT') refuse('ENTITY_NOT_FOUND');
    access.findDocument(id, link.bin);
    return { link, record };
  }

  function verifications(record: FakeDocumentRecord): ExternalFileVerification[] {
    if (!fakeDocumentSigned(record)) return [];
    const parties = [
      ...(record.senderSigned ? [{ ...record.sender, at: record.updatedAt }] : []),
      ...record.signers
        .filter((signer) => signer.state === 'SIGNED')
        .map((signer) => ({
          bin: signer.identityNumber,
          nameRu: signer.nameRu,
          at: signer.signedAt ?? record.updatedAt,
        })),
    ];
    return record.files.map((file) => ({
      fileId: file.id,
      result: {
        verdict: 'TOTAL_PASSED',
        signatures: parties.map((party) => storedSignature(party, party.at)),
        document: { id: record.id, number: record.number, name: record.name },
        files: [{ name: file.name, kind: file.format, sha256: file.sha256 }],
      },
    }));
  }

  const createExternalLink: FakeHandler = (context) => {
    const { bin, id } = parseInput(documentParamsSchema, context.params);
    const body = parseInput(createExternalLinkRequestSchema.optional(), context.rawBody) ?? {};
    access.actingCompany(context, bin);
    const record = access.findDocument(id, bin);
    if (record.status === 'DRAFT') refuse('DOCUMENT_NOT_SENT');
    nextId += 1;
    const created = now();
    const link: FakeExternalLink = {
      id: nextId,
      label: body.label ? body.label : null,
      createdAt: created.toISOString(),
      expiresAt: new Date(
        created.getTime() + (body.expiresInDays ?? EXTERNAL_LINK_DEFAULT_DAYS) * DAY_MS,
      ).toISOString(),
      createdBy: creatorOf(context.account),
      revokedAt: null,
      lastOpenedAt: null,
      token: newToken(),
      documentId: id,
      bin,
      lastViewAt: undefined,
    };
    links.set(link.id, link);
    return json(201, { ...listed(link), url: `${baseUrl}/document/${id}/by-hash#${link.token}` });
  };

  const listExternalLinks: FakeHandler = (context) => {
    const { bin, record } = access.documentInput(context);
    const own = [...links.values()]
      .filter((link) => link.documentId === record.id && link.bin === bin)
      .sort((a, b) => b.id - a.id);
    return json(200, own.map(listed));
  };

  const revokeExternalLink: FakeHandler = (context) => {
    const { bin, id, linkId } = parseInput(externalLinkParamsSchema, context.params);
    access.actingCompany(context, bin);
    access.findDocument(id, bin);
    const link = links.get(linkId);
    if (!link || link.documentId !== id || link.bin !== bin) refuse('ENTITY_NOT_FOUND');
    link.revokedAt ??= now().toISOString();
    return noContent();
  };

  const getExternalDocument: FakeHandler = (context) => {
    const { id } = parseInput(externalDocumentParamsSchema, context.params);
    const { link, record } = liveLink(context, id);
    const view: ExternalDocumentView = {
      document: {
        id: record.id,
        number: record.number,
        name: record.name,
        status: record.status,
        signingMethod: record.signingMethod,
        createdAt: record.createdAt,
        updatedAt: record.updatedAt,
        sender: record.sender,
        files: record.files.map(({ bytes: _bytes, ...file }) => file),
        signers: record.signers.map(({ identityNumber, nameRu, nameKk, order, state, signedAt }) => ({
          identityNumber,
          nameRu,
          nameKk,
          order,
          state,
          signedAt,
        })),
        rejection: record.rejection,
      },
      history: record.history
        .filter((event) => !['TRASH', 'RESTORE'].includes(event.type) || event.company?.bin === link.bin)
        .map((event) => ({
          ...event,
          ip: null,
          actor: event.actor ? { ...event.actor, userId: null } : null,
        })),
      verifications: verifications(record),
      expiresAt: link.expiresAt,
    };
    // Recorded after the view was made, as the server does: the first open does not show itself.
    const at = now().getTime();
    if (link.lastViewAt === undefined || at - link.lastViewAt >= HOUR_MS) {
      link.lastViewAt = at;
      link.lastOpenedAt = new Date(at).toISOString();
      access.record(
        record,
        'VIEW',
        { ...context, account: undefined },
        partyOf(record, link.bin),
        EXTERNAL_LINK_VIEW_DETAILS,
      );
    }
    return json(200, view);
  };

  function linkedFile(context: FakeContext) {
    const { id, fileId } = parseInput(externalFileParamsSchema, context.params);
    const { record } = liveLink(context, id);
    const file = record.files.find((candidate) => candidate.id === fileId);
    if (!file) refuse('ENTITY_NOT_FOUND');
    return file;
  }

  const downloadExternalFile: FakeHandler = (context) => {
    const file = linkedFile(context);
    return bytesResponse(file.bytes, CONTENT_TYPES[file.format], contentDisposition('attachment', file.name));
  };

  const previewExternalFile: FakeHandler = (context) => {
    const file = linkedFile(context);
    return bytesResponse(
      file.format === 'pdf' ? file.bytes : FAKE_CONVERTED_PDF,
      'application/pdf',
      contentDisposition('inline', file.name.replace(/\.[a-z]+$/, '.pdf')),
    );
  };

  const handlers = {
    createExternalLink,
    listExternalLinks,
    revokeExternalLink,
    getExternalDocument,
    downloadExternalFile,
    previewExternalFile,
  } satisfies Partial<Record<FakeOperationId, FakeHandler>>;
  return { handlers, links };
}
