import {
  AppError,
  createExternalLinkRequestSchema,
  documentParamsSchema,
  EXTERNAL_LINK_DEFAULT_DAYS,
  EXTERNAL_LINK_PATHS,
  type ExternalLink,
  externalLinkCreatedSchema,
  externalLinkParamsSchema,
  externalLinkSchema,
} from '@qoltanba/core';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { newToken } from '../../crypto/tokens.js';
import { defineRoute } from '../../http/route.js';
import { requireUser, userNames } from '../account/index.js';
import { type AccessibleDocument, requireAccessible } from '../documents/index.js';
import type { ModuleContext } from '../module.js';
import { requireMembership } from '../registry/index.js';
import { type ExternalLinkRow, insertLink, linksOf, revokeLink } from './link-store.js';

const TAGS = ['documents'];
const ACCESS =
  'The caller must belong to the company (FORBIDDEN); a document the company does not take part in answers ' +
  "ENTITY_NOT_FOUND, like one that does not exist. Only the company's own links are listed and revoked.";

const iso = (value: Date | string) => new Date(value).toISOString();

/** The page address of a link: the token in the fragment, which browsers never send to a server or a Referer. */
function externalLinkUrl(publicUrl: string, documentId: number, token: string): string {
  return `${publicUrl}/document/${documentId}/by-hash#${token}`;
}

/** The links of a company's own list, with their creators' names. */
async function toLinks(
  db: ModuleContext['services']['database']['db'],
  rows: readonly ExternalLinkRow[],
): Promise<ExternalLink[]> {
  const names = await userNames(
    db,
    rows.map((row) => row.created_by),
  );
  return rows.map((row) => {
    const creator = names.get(row.created_by);
    return {
      id: row.id,
      label: row.label,
      createdAt: iso(row.created_at),
      expiresAt: iso(row.expires_at),
      createdBy: {
        userId: row.created_by,
        firstname: creator?.firstname ?? '',
        lastname: creator?.lastname ?? '',
      },
      revokedAt: row.revoked_at ? iso(row.revoked_at) : null,
      lastOpenedAt: row.last_viewed_at ? iso(row.last_viewed_at) : null,
    };
  });
}

/** `createExternalLink`, `listExternalLinks`, `revokeExternalLink`: a company's links to a document it takes part in. */
export function registerExternalLinkRoutes({ route, config, services }: ModuleContext): void {
  const { db } = services.database;

  /** The signed-in member acting for `bin` and the document as that company sees it (401, FORBIDDEN, 404). */
  async function access(
    request: FastifyRequest,
    bin: string,
    id: number,
  ): Promise<{ userId: string; document: AccessibleDocument }> {
    const { userId } = await requireUser(request);
    await requireMembership(db, userId, bin);
    return { userId, document: await requireAccessible(db, bin, id) };
  }

  route(
    defineRoute({
      method: 'POST',
      url: EXTERNAL_LINK_PATHS.links,
      operationId: 'createExternalLink',
      summary: 'Share a sent document read-only: a new external link',
      description:
        'Answers the link with its URL `<public URL>/document/<id>/by-hash#<token>`, the only time the token is ' +
        `shown (only its SHA-256 is kept). Valid \`expiresInDays\` (${EXTERNAL_LINK_DEFAULT_DAYS} by default); ` +
        `DOCUMENT_NOT_SENT for a draft. ${ACCESS}`,
      tags: TAGS,
      auth: true,
      params: documentParamsSchema,
      body: createExternalLinkRequestSchema.optional(),
      allowEmptyJsonBody: true,
      status: 201,
      response: externalLinkCreatedSchema,
      handler: async ({ request, params, body }) => {
        const { userId, document } = await access(request, params.bin, params.id);
        if (document.core.status === 'DRAFT') throw new AppError('DOCUMENT_NOT_SENT');
        const token = newToken();
        const row = await insertLink(db, {
          token,
          documentId: params.id,
          bin: params.bin,
          userId,
          label: body?.label ? body.label : null,
          now: services.clock(),
          days: body?.expiresInDays ?? EXTERNAL_LINK_DEFAULT_DAYS,
        });
        const [link] = await toLinks(db, [row]);
        if (!link) throw new AppError('INTERNAL_ERROR');
        return { ...link, url: externalLinkUrl(config.publicUrl, params.id, token) };
      },
    }),
  );

  route(
    defineRoute({
      method: 'GET',
      url: EXTERNAL_LINK_PATHS.links,
      operationId: 'listExternalLinks',
      summary: "The company's external links to a document, newest first",
      description: `Revoked and expired links included; never their tokens. ${ACCESS}`,
      tags: TAGS,
      auth: true,
      params: documentParamsSchema,
      response: z.array(externalLinkSchema),
      handler: async ({ request, params }) => {
        await access(request, params.bin, params.id);
        return toLinks(db, await linksOf(db, params.id, params.bin));
      },
    }),
  );

  route(
    defineRoute({
      method: 'DELETE',
      url: EXTERNAL_LINK_PATHS.link,
      operationId: 'revokeExternalLink',
      summary: 'Revoke an external link of the company',
      description:
        "At once: the link then answers ENTITY_NOT_FOUND, like an unknown one. Idempotent; another company's " +
        `link answers ENTITY_NOT_FOUND. ${ACCESS}`,
      tags: TAGS,
      auth: true,
      params: externalLinkParamsSchema,
      status: 204,
      response: z.undefined(),
      handler: async ({ request, params }) => {
        await access(request, params.bin, params.id);
        const revoked = await revokeLink(db, {
          linkId: params.linkId,
          documentId: params.id,
          bin: params.bin,
          now: services.clock(),
        });
        if (!revoked) throw new AppError('ENTITY_NOT_FOUND');
        return undefined;
      },
    }),
  );
}
