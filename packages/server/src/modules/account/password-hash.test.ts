import { describe, expect, it } from 'vitest';
import { hashPassword, SCRYPT_PARAMS, verifyPassword } from './password-hash.js';

describe('password hashing', () => {
  it('verifies the right password and refuses a wrong one', async () => {
    const stored = await hashPassword('correct horse battery');
    expect(stored.startsWith(`scrypt$${SCRYPT_PARAMS.N}$8$1$`)).toBe(true);
    expect(stored).not.toContain('correct horse');
    expect(await verifyPassword('correct horse battery', stored)).toBe(true);
    expect(await verifyPassword('correct horse batterY', stored)).toBe(false);
  });

  it('salts every hash', async () => {
    const [a, b] = await Promise.all([hashPassword('same password'), hashPassword('same password')]);
    expect(a).not.toBe(b);
  });

  it('reads the parameters from the stored hash', async () => {
    const cheap = await hashPassword('пароль123', { N: 2 ** 10, r: 8, p: 1 });
    expect(await verifyPassword('пароль123', cheap)).toBe(true);
  });

  it('answers false for malformed hashes instead of throwing', async () => {
    for (const stored of ['', 'plain', 'scrypt$1$2$3$$', 'bcrypt$x$y$z$a$b', 'scrypt$0$8$1$AAAA$AAAA']) {
      expect(await verifyPassword('whatever', stored)).toBe(false);
    }
  });
});
