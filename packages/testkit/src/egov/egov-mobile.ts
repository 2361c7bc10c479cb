import {
  EGOV_QR_PREFIX,
  type EgovDocumentsToSign,
  type EgovQrDescription,
  egovDocumentsToSignSchema,
  egovQrDescriptionSchema,
} from '@qoltanba/core';
import { signCms } from '../cms/sign-cms';
import type { TestSigner } from '../signer';

/** What the emulated phone owner does: sign what was shown, or sign something else (the server must refuse). */
export type EgovMobileAction = 'sign' | 'wrong-document';

/** Options of {@link signWithEgovMobile}. */
export interface EgovMobileOptions {
  /** The QR payload (`mobileSign:<API #1 URL>`) or the API #1 URL itself. */
  readonly qr: string;
  readonly signer: TestSigner;
  /** Default: global fetch. */
  readonly fetch?: typeof fetch;
  readonly action?: EgovMobileAction;
  /** The phone's clock, for the expiry check and signingTime; default now. */
  readonly now?: Date;
}

/** What happened: the PUT's HTTP status (200 accepted, 403 refused, …) and what the app saw and sent. */
export interface EgovMobileOutcome {
  readonly status: number;
  readonly description: EgovQrDescription;
  readonly received: EgovDocumentsToSign;
  readonly sent: EgovDocumentsToSign;
}

async function getJson(
  fetcher: typeof fetch,
  url: string,
  headers: Record<string, string> = {},
): Promise<unknown> {
  const response = await fetcher(url, { headers: { accept: 'application/json', ...headers } });
  if (!response.ok) throw new Error(`eGov mobile: GET ${url} answered ${response.status}`);
  return response.json();
}

function corrupted(bytes: Uint8Array): Uint8Array {
  const copy = bytes.length === 0 ? new Uint8Array(1) : new Uint8Array(bytes);
  copy[0] = (copy[0] ?? 0) ^ 0xff;
  return copy;
}

/**
 * Walks eGov mobile's QR signing like the app: API #1 (GET the description), API #2 (GET the documents with
 * `Authorization: Bearer <auth_token>`), signs each file (detached CMS for CMS_SIGN_ONLY, attached for
 * CMS_WITH_DATA) and PUTs the same structure back with each `data` replaced by the base64 CMS.
 */
export async function signWithEgovMobile(options: EgovMobileOptions): Promise<EgovMobileOutcome> {
  const fetcher = options.fetch ?? fetch;
  const now = options.now ?? new Date();
  const apiOneUrl = options.qr.startsWith(EGOV_QR_PREFIX)
    ? options.qr.slice(EGOV_QR_PREFIX.length)
    : options.qr;
  const description = egovQrDescriptionSchema.parse(await getJson(fetcher, apiOneUrl));
  if (new Date(description.expiry_date).getTime() < now.getTime())
    throw new Error('eGov mobile: the QR code expired');
  const authorization = { authorization: `Bearer ${description.document.auth_token}` };
  const received = egovDocumentsToSignSchema.parse(
    await getJson(fetcher, description.document.uri, authorization),
  );
  const attached = received.signMethod === 'CMS_WITH_DATA';
  const sent: EgovDocumentsToSign = {
    ...received,
    documentsToSign: received.documentsToSign.map((document) => {
      const file = new Uint8Array(Buffer.from(document.document.file.data, 'base64'));
      const content = options.action === 'wrong-document' ? corrupted(file) : file;
      const cms = signCms({ signer: options.signer, content, detached: !attached, signingTime: now });
      return {
        ...document,
        document: { file: { ...document.document.file, data: Buffer.from(cms).toString('base64') } },
      };
    }),
  };
  const response = await fetcher(description.document.uri, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', ...authorization },
    body: JSON.stringify(sent),
  });
  return { status: response.status, description, received, sent };
}
