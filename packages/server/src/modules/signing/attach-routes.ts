import {
  AppError,
  attachBySignatureRequestSchema,
  attachChallengeSchema,
  companySchema,
  type RegistryEntry,
  SIGNING_PATHS,
  type SignatureReport,
  signingCapacity,
} from '@qoltanba/core';
import { z } from 'zod';
import { defineRoute } from '../../http/route.js';
import { requireUser } from '../account/index.js';
import { attachCompany, listCompanies } from '../registry/index.js';
import { consumeAttachChallenge, createAttachChallenge } from './attach-challenges.js';
import { verifySignatureOver } from './signature-check.js';
import type { SigningContext } from './signing-context.js';

const TAGS = ['companies'];

/** The BIN a certificate may attach: a legal entity's, whose role may sign for it (core's signingCapacity). */
function attachableBin(report: SignatureReport): string {
  const { bin } = report.signer;
  if (!bin || signingCapacity(report.signer).maySignForCompany !== true)
    throw new AppError('ATTACH_SIGNATURE_ROLE');
  return bin;
}

/** Attaching a legal entity to the user's account by signing a server challenge with the company's EDS. */
export function registerAttachRoutes(context: SigningContext): void {
  const { route, db, clock } = context;

  route(
    defineRoute({
      method: 'POST',
      url: SIGNING_PATHS.attachChallenge,
      operationId: 'createAttachChallenge',
      summary: "Data to sign with a company's EDS to attach the company",
      description: 'Random bytes, valid for 5 minutes, for one attempt of this user.',
      tags: TAGS,
      auth: true,
      allowEmptyJsonBody: true,
      status: 201,
      response: attachChallengeSchema,
      handler: async ({ request }) => {
        const { userId } = await requireUser(request);
        const challenge = await createAttachChallenge(db, userId, clock());
        return {
          challengeId: challenge.id,
          data: Buffer.from(challenge.data).toString('base64'),
          expiresAt: challenge.expiresAt.toISOString(),
        };
      },
    }),
  );

  route(
    defineRoute({
      method: 'POST',
      url: SIGNING_PATHS.attachBySignature,
      operationId: 'attachCompanyBySignature',
      summary: 'Attach a legal entity by its signature over the challenge; answers the whole list',
      description:
        'A detached CMS over the challenge bytes. The BIN comes from the certificate, which must be a legal ' +
        "entity's first head's or signatory's (ATTACH_SIGNATURE_ROLE). ATTACH_CHALLENGE_INVALID for an expired, " +
        'used or unknown challenge; CERTIFICATE_REVOKED, SIGNATURE_INVALID. Names come from the state register ' +
        "(else the certificate's organisation).",
      tags: TAGS,
      auth: true,
      body: attachBySignatureRequestSchema,
      response: z.array(companySchema),
      handler: async ({ request, body }) => {
        const { userId } = await requireUser(request);
        const data = await consumeAttachChallenge(db, userId, body.challengeId, clock());
        if (!data) throw new AppError('ATTACH_CHALLENGE_INVALID');
        const cms = new Uint8Array(Buffer.from(body.cms, 'base64'));
        const report = await verifySignatureOver(context.flow.verifier, cms, data, 'detached');
        const bin = attachableBin(report);
        const registered = await context.statistics.lookup(bin).catch(() => undefined);
        const organisation = report.signer.organisation ?? bin;
        const entry: RegistryEntry = registered ?? {
          bin,
          kind: 'legal',
          nameRu: organisation,
          shortNameRu: null,
          nameKk: null,
          shortNameKk: null,
        };
        await attachCompany(db, userId, { ...entry, bin }, clock());
        return listCompanies(db, userId);
      },
    }),
  );
}
