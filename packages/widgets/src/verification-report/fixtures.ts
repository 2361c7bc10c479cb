import type { VerificationResult, VerifiedSignature } from '@qoltanba/core';

// Verification results for the stories and tests: a signature made here that passed, one uploaded that failed.

/** A GOST 2015 signature of a legal entity's first head, made on this service. */
export const passedSignature: VerifiedSignature = {
  indication: 'TOTAL_PASSED',
  subIndication: null,
  signer: {
    iin: '920715401122',
    bin: '990340005977',
    fullName: 'АХМЕТОВ ДАНИЯР ЕРЛАНОВИЧ',
    surname: 'АХМЕТОВ',
    givenName: 'ДАНИЯР',
    patronymic: 'ЕРЛАНОВИЧ',
    organisation: 'ТОО «Альфа»',
    email: null,
    role: 'first_head',
    roles: ['legal_entity', 'first_head'],
  },
  certificate: {
    serial: '4f1a2b3c4d5e6f708192a3b4c5d6e7f801234567',
    notBefore: '2026-01-10T00:00:00.000Z',
    notAfter: '2027-01-10T00:00:00.000Z',
    issuer: 'CN=ҰЛТТЫҚ КУӘЛАНДЫРУШЫ ОРТАЛЫҚ (GOST) TEST 2022,C=KZ',
    subject: 'CN=АХМЕТОВ ДАНИЯР,SERIALNUMBER=IIN920715401122,C=KZ',
  },
  signingTime: '2026-03-12T09:05:00.000Z',
  signatureType: 'GOST2015',
  packaging: 'detached',
  revocation: { status: 'good', source: 'ocsp', revokedAt: null, checkedAt: '2026-03-12T09:05:02.000Z' },
  signedFile: 0,
  signatureFile: null,
  signedHere: true,
  ip: '203.0.113.7',
  signedAt: '2026-03-12T09:05:03.000Z',
};

/** An uploaded RSA signature of an individual whose certificate is revoked. */
export const revokedSignature: VerifiedSignature = {
  ...passedSignature,
  indication: 'TOTAL_FAILED',
  subIndication: 'REVOKED',
  signer: {
    ...passedSignature.signer,
    iin: '870412300415',
    bin: null,
    fullName: 'СЕРІКОВА АЙГЕРІМ',
    organisation: null,
    role: 'individual',
    roles: ['individual'],
  },
  signatureType: 'RSA',
  packaging: 'attached',
  revocation: { status: 'revoked', source: 'crl', revokedAt: '2026-02-01T00:00:00.000Z', checkedAt: null },
  signatureFile: 1,
  signedHere: false,
  ip: null,
  signedAt: null,
};

/** A valid stored file of a document signed here. */
export const passedResult: VerificationResult = {
  verdict: 'TOTAL_PASSED',
  signatures: [passedSignature],
  document: { id: 41, number: 1207, name: 'Еңбек шарты' },
  files: [{ name: 'contract.pdf', kind: 'pdf', sha256: 'ab'.repeat(32) }],
};

/** Two uploaded files: one signature valid, one revoked. */
export const failedResult: VerificationResult = {
  verdict: 'TOTAL_FAILED',
  signatures: [passedSignature, revokedSignature],
  document: null,
  files: [
    { name: 'contract.pdf', kind: 'pdf', sha256: 'ab'.repeat(32) },
    { name: 'contract.pdf.cms', kind: 'cms', sha256: 'cd'.repeat(32) },
  ],
};

/**
 * A document card (a PDF carrying the original and its detached CMS): one signature meets the card's requirements,
 * one carries no timestamp or revocation evidence.
 */
export const cardResult: VerificationResult = {
  verdict: 'INDETERMINATE',
  signatures: [
    {
      ...passedSignature,
      signedHere: false,
      ip: null,
      signedAt: null,
      signedFile: 1,
      signatureFile: 2,
      timestamp: {
        time: '2026-03-12T09:05:01.000Z',
        tsa: 'CN=TSA TEST,C=KZ',
        indication: 'TOTAL_PASSED',
        subIndication: null,
      },
      card: {
        signatureTime: '2026-03-12T09:05:01.000Z',
        revocationSource: 'ocsp',
        revocationTime: '2026-03-12T09:05:02.000Z',
        findings: [],
      },
    },
    {
      ...revokedSignature,
      indication: 'INDETERMINATE',
      subIndication: 'SIG_CONSTRAINTS_FAILURE',
      packaging: 'detached',
      revocation: { status: 'good', source: 'crl', revokedAt: null, checkedAt: null },
      signedFile: 1,
      signatureFile: 3,
      card: {
        signatureTime: null,
        revocationSource: null,
        revocationTime: null,
        findings: ['TIMESTAMP_MISSING', 'REVOCATION_MISSING'],
      },
    },
  ],
  document: null,
  files: [
    { name: 'card.pdf', kind: 'pdf', sha256: 'ef'.repeat(32) },
    {
      name: 'Еңбек шарты.docx',
      kind: 'docx',
      sha256: 'ab'.repeat(32),
      size: 48_128,
      description: 'Подлинник электронного документа',
      inCard: 0,
    },
    { name: '1.cms', kind: 'cms', sha256: 'cd'.repeat(32), size: 6_144, inCard: 0 },
    { name: '2.cms', kind: 'cms', sha256: '12'.repeat(32), size: 2_048, inCard: 0 },
  ],
  cards: [{ file: 0, original: 1, signatureFiles: [2, 3], verdict: 'INDETERMINATE' }],
};
