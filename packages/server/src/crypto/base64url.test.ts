import { describe, expect, it } from 'vitest';
import { decodeBase64urlStrict } from './base64url.js';

describe('decodeBase64urlStrict', () => {
  it('decodes what Buffer writes as base64url', () => {
    for (const length of [0, 1, 2, 3, 31, 32, 33]) {
      const bytes = Buffer.alloc(length, 0xa5);
      expect(decodeBase64urlStrict(bytes.toString('base64url'))).toEqual(bytes);
    }
  });

  it('refuses padding, spare bits, standard base64 and foreign characters', () => {
    const text = Buffer.from([0xfb, 0xff]).toString('base64url'); // "-_8"
    expect(decodeBase64urlStrict(text)).toEqual(Buffer.from([0xfb, 0xff]));
    for (const variant of [`${text}=`, '-_9', '+/8', `${text} `, `${text}.`, `\n${text}`, `${text}!`]) {
      expect(decodeBase64urlStrict(variant), variant).toBeUndefined();
    }
  });
});
