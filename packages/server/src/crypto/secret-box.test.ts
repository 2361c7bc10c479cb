import { hkdfSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { deriveKey } from './derive-key.js';
import { createSecretBox, SecretBoxError } from './secret-box.js';

const SECRET = 's'.repeat(32);
const PURPOSE = { salt: 'test-salt', info: 'test-info-v1' };

describe('deriveKey', () => {
  it('is HKDF-SHA256 of the secret for one purpose: the same purpose gives the same key, another one another', () => {
    const key = deriveKey(SECRET, PURPOSE);
    expect(key).toEqual(Buffer.from(hkdfSync('sha256', SECRET, 'test-salt', 'test-info-v1', 32)));
    expect(deriveKey(SECRET, PURPOSE)).toEqual(key);
    expect(deriveKey(SECRET, { ...PURPOSE, info: 'test-info-v2' })).not.toEqual(key);
    expect(deriveKey('t'.repeat(32), PURPOSE)).not.toEqual(key);
    expect(key).toHaveLength(32);
  });
});

describe('createSecretBox', () => {
  const box = createSecretBox(deriveKey(SECRET, PURPOSE), 'enc1');

  it('seals with a version prefix and a fresh IV, and opens again', () => {
    const sealed = box.seal('whsec_abc', 'row-1');
    expect(sealed).toMatch(/^enc1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{22}$/);
    expect(sealed).not.toContain('whsec_abc');
    expect(box.seal('whsec_abc', 'row-1')).not.toBe(sealed);
    expect(box.isSealed(sealed)).toBe(true);
    expect(box.isSealed('whsec_abc')).toBe(false);
    expect(box.open(sealed, 'row-1')).toBe('whsec_abc');
  });

  it('refuses another key, another context, an altered value and another format', () => {
    const sealed = box.seal('whsec_abc', 'row-1');
    const other = createSecretBox(deriveKey('t'.repeat(32), PURPOSE), 'enc1');
    expect(() => other.open(sealed, 'row-1')).toThrow(SecretBoxError);
    expect(() => box.open(sealed, 'row-2')).toThrow(SecretBoxError);
    const [version, iv, ciphertext = '', tag] = sealed.split('.');
    const flipped = `${ciphertext.startsWith('A') ? 'B' : 'A'}${ciphertext.slice(1)}`;
    expect(() => box.open([version, iv, flipped, tag].join('.'), 'row-1')).toThrow(SecretBoxError);
    for (const bad of ['whsec_abc', 'enc1.', 'enc1.a.b', `enc2${sealed.slice(4)}`, ''])
      expect(() => box.open(bad, 'row-1'), bad).toThrow(SecretBoxError);
  });

  it('needs a 32-byte key', () => {
    expect(() => createSecretBox(Buffer.alloc(16), 'enc1')).toThrow('32-byte');
  });
});
