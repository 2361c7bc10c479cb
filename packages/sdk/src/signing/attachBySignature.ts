import {
  type AttachBySignatureRequest,
  type AttachChallenge,
  attachChallengeSchema,
  type Company,
  companySchema,
  SIGNING_PATHS,
} from '@qoltanba/core';
import { readResponse } from '../api/expectResponse';
import { applyList } from '../company/companyStore';
import { activeClient } from '../session/activeClient';
import { attachSignerFilter } from './signerFilter';
import type { NcaLayerSigning } from './signFiles';

const companyListSchema = companySchema.array();

/** Data for the company's EDS to sign (base64), valid until `expiresAt`. */
export function createAttachChallenge(): Promise<AttachChallenge> {
  const client = activeClient();
  return readResponse(
    client.api.post(undefined, SIGNING_PATHS.attachChallenge).json<unknown>(),
    attachChallengeSchema,
    client.lang,
  );
}

/**
 * Attaches the company whose BIN the signing certificate carries (first head or right to sign) to the
 * user's account; `$companies` takes the new list.
 */
export async function attachCompanyBySignature(request: AttachBySignatureRequest): Promise<Company[]> {
  const client = activeClient();
  const answer = client.api.post({ lang: client.lang(), ...request }, SIGNING_PATHS.attachBySignature);
  return applyList(await readResponse(answer.json<unknown>(), companyListSchema, client.lang));
}

/**
 * The whole "attach with EDS" flow: a challenge from the server, NCALayer signs it with a legal entity's key
 * (of `bin` when given), the server attaches the company. Resolves with the new list, or `'cancelled'`.
 *
 * @example const companies = await attachCompanyWithNcaLayer({ ncaLayer, signingConfig, lang });
 */
export async function attachCompanyWithNcaLayer(
  signing: Omit<NcaLayerSigning, 'onProgress'>,
  bin?: string,
): Promise<Company[] | 'cancelled'> {
  const challenge = await createAttachChallenge();
  const signatures = await signing.ncaLayer.signCms([challenge.data], {
    ...attachSignerFilter(bin, signing.signingConfig),
    locale: signing.lang,
    ...(signing.signal ? { signal: signing.signal } : {}),
  });
  if (signatures === 'cancelled') return 'cancelled';
  const [cms = ''] = signatures;
  return attachCompanyBySignature({ challengeId: challenge.challengeId, cms, lang: signing.lang });
}
