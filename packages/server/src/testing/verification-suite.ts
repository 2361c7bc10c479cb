import {
  apiPath,
  type Document,
  SIGNING_PATHS,
  VERIFICATION_PATHS,
  type VerificationResult,
} from '@qoltanba/core';
import type { TestSigner } from '@qoltanba/testkit';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { samplePdf } from './document-files.js';
import { COMPANIES, multipart, type Part } from './documents.js';
import { type SigningSuite, useSigningSuite } from './signing.js';
import { createSigningPki, PERSON } from './signing-pki.js';
import type { TestBackend } from './test-databases.js';

// The public verification API's suites: real CMS from the testkit's KZ-format PKI, verified offline by the engine.

/** The address the test helpers send signed-in requests from (testing/accounts.ts). */
export const SIGNER_IP = '10.255.0.1';
/** The signer company as a certificate of its head names it. */
export const SIGNER_COMPANY = { ...PERSON, bin: COMPANIES.signer.bin, organisation: COMPANIES.signer.nameRu };

/** The suites' PKI: GOST 2015 and RSA. */
export const pki = createSigningPki(['gost2015', 'rsa']);
/** Who signs in the suites: the signer company's head (GOST), a right-to-sign holder (RSA), a revoked certificate. */
export const signers: Record<'gost' | 'rsa' | 'revoked', TestSigner> = {
  gost: pki.head(COMPANIES.signer.bin, 'gost2015'),
  rsa: pki.issue({ kind: 'right_to_sign' }, 'rsa'),
  revoked: pki.revoked,
};

/** A small PDF saying `text`. */
export const pdf = (text: string) => samplePdf(text);
/** An uploaded file part named `filename`. */
export const file = (filename: string, value: Uint8Array): Part => ({
  name: 'files',
  filename,
  value: Buffer.from(value),
  contentType: 'application/octet-stream',
});
/** A detached CMS of `by` over `content`. */
export const detached = (by: TestSigner, content: Uint8Array) => by.signCms({ content, detached: true });
/** An attached CMS of `by` holding `content`. */
export const attached = (by: TestSigner, content: Uint8Array) => by.signCms({ content, detached: false });

let address = 0;
/** A fresh client address per request, so the per-IP limit only bites where a test means it to. */
export const nextAddress = () => {
  address += 1;
  return `10.9.${(address >> 8) & 255}.${address & 255}`;
};

/** A verification suite and its helpers; see {@link useVerificationSuite}. */
export interface VerificationSuite {
  suite: SigningSuite;
  /** Posts `parts` to verifySignatures from `remoteAddress` (a fresh one by default). */
  verify(parts: readonly Part[], remoteAddress?: string): Promise<LightMyRequestResponse>;
  /** Verifies `parts`, expecting 200, and answers the result. */
  passed(parts: readonly Part[]): Promise<VerificationResult>;
  /** Verifies `parts`, expecting a refusal, and answers its code. */
  refused(parts: readonly Part[]): Promise<string>;
  /** A document sent to the signer company and signed there through the API with `by` (GOST by default). */
  signedHere(by?: TestSigner, content?: Uint8Array): Promise<{ document: Document; bytes: Buffer }>;
}

/** A signing suite with the public verification API's helpers. */
export function useVerificationSuite(backend: TestBackend): VerificationSuite {
  const suite = useSigningSuite(backend, { pki });

  async function verify(parts: readonly Part[], remoteAddress = nextAddress()) {
    const { payload, contentType } = multipart(parts);
    return suite.server.app.inject({
      method: 'POST',
      url: `${VERIFICATION_PATHS.verify}?lang=en`,
      headers: { 'content-type': contentType },
      payload,
      remoteAddress,
    });
  }
  return {
    suite,
    verify,
    async passed(parts) {
      const res = await verify(parts);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as VerificationResult;
    },
    async refused(parts) {
      const res = await verify(parts);
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      return res.json().code as string;
    },
    async signedHere(by = signers.gost, content) {
      const document = await suite.document({}, content ? { content } : {});
      const fileId = document.files[0]?.id ?? 0;
      const bytes = await suite.fileBytes(document, fileId);
      const cms = Buffer.from(detached(by, bytes)).toString('base64');
      const res = await suite.request(
        suite.tokens.signer,
        'POST',
        apiPath(SIGNING_PATHS.sign, { bin: COMPANIES.signer.bin, id: String(document.id) }),
        { signatures: [{ fileId, cms }] },
      );
      expect(res.statusCode, res.body).toBe(200);
      return { document, bytes };
    },
  };
}
