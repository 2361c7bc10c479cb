import { expect, it } from 'vitest';
import * as gost from './index.js';

it('exports exactly the public API', () => {
  expect(Object.keys(gost).sort()).toMatchInlineSnapshot(`
    [
      "GOST_CURVES",
      "GOST_OIDS",
      "createGost34311",
      "createStreebog256",
      "createStreebog512",
      "decodeGostPublicKey",
      "decodeGostSignature",
      "digestToInteger",
      "encodeGostPublicKey",
      "encodeGostSignature",
      "generateGostPrivateKey",
      "gost34311",
      "gostPrivateKeyFromBytes",
      "gostPublicKey",
      "gostSign",
      "gostVerify",
      "streebog256",
      "streebog512",
    ]
  `);
});

it('names the KZ OIDs of the contract', () => {
  expect(gost.GOST_OIDS).toMatchObject({
    gost2004Signature: '1.2.398.3.10.1.1.1.2',
    gost2004Hash: '1.2.398.3.10.1.3.1',
    gost2015Signature512: '1.2.398.3.10.1.1.2.3.2',
    gost2015Key512: '1.2.398.3.10.1.1.2.2',
    streebog512: '1.2.398.3.10.1.3.3',
  });
});
