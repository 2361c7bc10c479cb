import { describe, expect, it } from 'vitest';
import { deleteCookie, readCookie, writeCookie } from './cookies';

describe('cookies without a document (node)', () => {
  it('reads nothing and writes nothing without throwing', () => {
    expect(typeof document).toBe('undefined');
    expect(readCookie('lang')).toBeUndefined();
    expect(() => writeCookie('lang', 'kk')).not.toThrow();
    expect(() => deleteCookie('lang')).not.toThrow();
  });
});
