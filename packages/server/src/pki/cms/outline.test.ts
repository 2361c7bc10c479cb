import { createTestPki } from '@qoltanba/testkit';
import { describe, expect, it } from 'vitest';
import { digestMemo } from '../signature/digest.js';
import { outlineCms } from './outline.js';

const pki = createTestPki({ seed: 'cms-outline' });
const holder = {
  iin: '880101300123',
  surname: 'ТЕСТОВ',
  givenName: 'ТЕСТ',
  kind: 'individual',
  usage: 'sign',
} as const;
const original = new TextEncoder().encode('%PDF-1.4 Договор поставки №7');
const other = new TextEncoder().encode('%PDF-1.4 another contract');

describe('outlineCms', () => {
  it.each(['rsa', 'gost2015', 'gost2004'] as const)(
    '%s: tells attached from detached and finds the original a CMS signs',
    (algorithm) => {
      const signer = pki.issue({ ...holder, algorithm });
      const detached = outlineCms(signer.signCms({ content: original, detached: true }));
      expect(detached?.attached).toBe(false);
      expect(detached?.signs(original)).toBe(true);
      expect(detached?.signs(other)).toBe(false);
      // With the originals' digest memos, as when several CMS are paired with several originals.
      expect(detached?.signs(digestMemo(original))).toBe(true);
      expect(detached?.signs(digestMemo(other))).toBe(false);
      const attached = outlineCms(signer.signCms({ content: original, detached: false }));
      expect(attached?.attached).toBe(true);
      expect(attached?.signs(original)).toBe(true);
    },
  );

  it('answers null for bytes that are no CMS SignedData', () => {
    expect(outlineCms(original)).toBeNull();
    expect(outlineCms(new Uint8Array([0x30, 0x03, 0x02, 0x01, 0x01]))).toBeNull();
    expect(outlineCms(new Uint8Array(0))).toBeNull();
  });
});
