import { expect, it } from 'vitest';
import * as testkit from './index';

it('exports exactly this runtime API (a change shows here in review)', () => {
  expect(Object.keys(testkit).sort()).toMatchInlineSnapshot(`
    [
      "BASICS_MODULE",
      "HEARTBEAT",
      "NCA_TEST_PASSWORD",
      "OID",
      "addSignatureTimestamps",
      "addSigner",
      "answerOcspRequest",
      "createTestPki",
      "createTestSigner",
      "defaultPkiDir",
      "generateSigningKey",
      "identityOf",
      "loadPkcs12",
      "ncaTestChainDer",
      "ncaTestKeys",
      "signCms",
      "signDigestCms",
      "signWithEgovMobile",
      "signXml",
      "startDevSigning",
      "startNcaLayerEmulator",
      "startOcspResponder",
      "timestampToken",
      "toPem",
    ]
  `);
});
