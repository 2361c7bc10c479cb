import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

/** scrypt's cost parameters: N (a power of two: memory and time), r (block size), p (parallelism). */
export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

/** The default cost, N=2^15, r=8, p=1 (about 32 MiB and tens of milliseconds per hash). */
export const SCRYPT_PARAMS: ScryptParams = { N: 2 ** 15, r: 8, p: 1 };

/** The parameters of a cost given as log2 N (QOLTANBA_PASSWORD_SCRYPT_COST), r and p as {@link SCRYPT_PARAMS}. */
export function scryptParamsOfCost(log2N: number): ScryptParams {
  return { ...SCRYPT_PARAMS, N: 2 ** log2N };
}
const KEY_LENGTH = 64;
const SALT_LENGTH = 16;

function derive(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  // maxmem must exceed 128 * N * r, which is exactly Node's 32 MiB default at these parameters.
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) => {
      if (error) reject(error);
      else resolve(key);
    });
  });
}

/**
 * Hashes a password with scrypt and a random salt, as `scrypt$N$r$p$salt$key` (base64url), so the
 * parameters can be raised later without breaking stored hashes. The server hashes at the configured cost
 * (`config.passwordScrypt`, through `AppServices.hashPassword`).
 */
export async function hashPassword(password: string, params: ScryptParams = SCRYPT_PARAMS): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, params);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join(
    '$',
  );
}

/** True when `password` matches `stored` (constant-time comparison); false for malformed hashes. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  const salt = Buffer.from(parts[4] ?? '', 'base64url');
  const expected = Buffer.from(parts[5] ?? '', 'base64url');
  if (!N || !r || !p || salt.length === 0 || expected.length !== KEY_LENGTH) return false;
  const actual = await derive(password, salt, { N, r, p });
  return timingSafeEqual(actual, expected);
}
