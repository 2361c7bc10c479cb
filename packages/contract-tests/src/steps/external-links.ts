import {
  EVIDENCE_PATHS,
  EXTERNAL_LINK_PATHS,
  type ExternalLink,
  type ExternalLinkCreated,
  externalDocumentViewSchema,
  externalLinkCreatedSchema,
  externalLinkSchema,
} from '@qoltanba/core';
import {
  B_BIN,
  docPath,
  externalMeaning,
  externalPath,
  linkHeader,
  linkMeaning,
  ok,
  refused,
  type Step,
} from '../table-support';

/** External document links of the sent document, and the evidence refusals of an unsigned one. */
export const externalLinkSteps: Step[] = [
  {
    name: 'external link: the sender shares the sent document',
    request: (context) => ({
      method: 'POST',
      path: docPath(EXTERNAL_LINK_PATHS.links, context),
      as: 'a',
      json: { expiresInDays: 7, label: 'Для банка' },
    }),
    expect: ok(externalLinkCreatedSchema, 201),
    same: (link: ExternalLinkCreated) => [linkMeaning(link), new URL(link.url).pathname],
    keep: (context, link: ExternalLinkCreated) => {
      context.ids.link = link.id;
      context.values.linkToken = new URL(link.url).hash.slice(1);
    },
  },
  {
    name: 'external link: a life over a year',
    request: (context) => ({
      method: 'POST',
      path: docPath(EXTERNAL_LINK_PATHS.links, context),
      as: 'a',
      json: { expiresInDays: 366 },
    }),
    expect: refused('VALIDATION_FAILED'),
  },
  {
    name: 'external link: the signer company shares it too',
    request: (context) => ({
      method: 'POST',
      path: docPath(EXTERNAL_LINK_PATHS.links, context, {}, B_BIN),
      as: 'b',
    }),
    expect: ok(externalLinkCreatedSchema, 201),
    same: linkMeaning,
    keep: (context, link: ExternalLinkCreated) => {
      context.ids.linkB = link.id;
    },
  },
  {
    name: 'external link: a company lists its own links only, without tokens',
    request: (context) => ({ method: 'GET', path: docPath(EXTERNAL_LINK_PATHS.links, context), as: 'a' }),
    expect: ok(externalLinkSchema.array()),
    same: (links: ExternalLink[]) => links.map((link) => [linkMeaning(link), 'url' in link]),
  },
  {
    name: 'external link: the links of a company of someone else',
    request: (context) => ({
      method: 'GET',
      path: docPath(EXTERNAL_LINK_PATHS.links, context, {}, B_BIN),
      as: 'a',
    }),
    expect: refused('FORBIDDEN'),
  },
  {
    name: 'external link: the holder reads the card by the token header, without an account',
    request: (context) => ({
      method: 'GET',
      path: externalPath(EXTERNAL_LINK_PATHS.document, context),
      headers: linkHeader(context.values.linkToken),
    }),
    expect: ok(externalDocumentViewSchema),
    same: externalMeaning,
  },
  {
    name: 'external link: the holder downloads a file',
    request: (context) => ({
      method: 'GET',
      path: externalPath(EXTERNAL_LINK_PATHS.file, context, { fileId: String(context.ids.firstFile) }),
      headers: linkHeader(context.values.linkToken),
    }),
    expect: { status: 200, binary: 'application/pdf' },
  },
  {
    name: 'external link: the preview of a PDF is the PDF',
    request: (context) => ({
      method: 'GET',
      path: externalPath(EXTERNAL_LINK_PATHS.filePreview, context, { fileId: String(context.ids.firstFile) }),
      headers: linkHeader(context.values.linkToken),
    }),
    expect: { status: 200, binary: 'application/pdf' },
  },
  {
    name: 'external link: a token that is none',
    request: (context) => ({
      method: 'GET',
      path: externalPath(EXTERNAL_LINK_PATHS.document, context),
      headers: linkHeader('A'.repeat(43)),
    }),
    expect: refused('ENTITY_NOT_FOUND', 404),
  },
  {
    name: 'external link: no token',
    request: (context) => ({ method: 'GET', path: externalPath(EXTERNAL_LINK_PATHS.document, context) }),
    expect: refused('ENTITY_NOT_FOUND', 404),
  },
  {
    name: "external link: revoking another company's link",
    request: (context) => ({
      method: 'DELETE',
      path: docPath(EXTERNAL_LINK_PATHS.link, context, { linkId: String(context.ids.linkB) }),
      as: 'a',
    }),
    expect: refused('ENTITY_NOT_FOUND', 404),
  },
  {
    name: 'external link: revoking it',
    request: (context) => ({
      method: 'DELETE',
      path: docPath(EXTERNAL_LINK_PATHS.link, context, { linkId: String(context.ids.link) }),
      as: 'a',
    }),
    expect: { status: 204 },
  },
  {
    name: 'external link: a revoked link answers as an unknown one',
    request: (context) => ({
      method: 'GET',
      path: externalPath(EXTERNAL_LINK_PATHS.document, context),
      headers: linkHeader(context.values.linkToken),
    }),
    expect: refused('ENTITY_NOT_FOUND', 404),
  },
  {
    name: 'evidence: the signed package of a document nobody signed',
    request: (context) => ({ method: 'GET', path: docPath(EVIDENCE_PATHS.signedPackage, context), as: 'a' }),
    expect: refused('DOCUMENT_NOT_SIGNED'),
  },
  {
    name: 'evidence: the signature sheet without a token',
    request: (context) => ({ method: 'GET', path: docPath(EVIDENCE_PATHS.signatureSheet, context) }),
    expect: refused('UNAUTHORIZED'),
  },
  {
    name: 'evidence: the printable copy for a company of someone else',
    request: (context) => ({
      method: 'GET',
      path: docPath(EVIDENCE_PATHS.printableCopy, context, { fileId: String(context.ids.firstFile) }, B_BIN),
      as: 'a',
    }),
    expect: refused('FORBIDDEN'),
  },
];
