import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** A value a {@link SecretBox} could not open: another key sealed it, or it was altered. */
export class SecretBoxError extends Error {
  override readonly name = 'SecretBoxError';
}

/** Encrypts short secrets for storage and decrypts them again, bound to what they belong to. */
export interface SecretBox {
  /** `<version>.<iv>.<ciphertext>.<tag>` (base64url): AES-256-GCM of `plaintext`, authenticated with `context`. */
  seal(plaintext: string, context: string): string;
  /** The plaintext of a sealed value; throws {@link SecretBoxError} for another key, context or format. */
  open(sealed: string, context: string): string;
  /** True when `value` is in this box's format (its version prefix), sealed by whatever key. */
  isSealed(value: string): boolean;
}

const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * A {@link SecretBox} over AES-256-GCM with `key` (32 bytes, e.g. from `deriveKey`). `version` prefixes every sealed
 * value, so a later format can be told apart from this one. The context (say, the row's id) is authenticated but not
 * stored: a sealed value copied to another row does not open there.
 *
 * @example createSecretBox(deriveKey(secret, PURPOSE), 'enc1').seal('whsec_…', 'api_keys/1')
 */
export function createSecretBox(key: Buffer, version: string): SecretBox {
  if (key.length !== 32) throw new Error('a secret box needs a 32-byte key');
  if (!/^[a-z0-9]+$/.test(version)) throw new Error('a secret box version is lower-case letters and digits');
  const prefix = `${version}.`;
  return {
    seal(plaintext, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      const parts = [iv, ciphertext, cipher.getAuthTag()].map((part) => part.toString('base64url'));
      return `${prefix}${parts.join('.')}`;
    },
    open(sealed, context) {
      const parts = sealed.startsWith(prefix) ? sealed.slice(prefix.length).split('.') : [];
      const [iv, ciphertext, tag] = parts.map((part) => Buffer.from(part, 'base64url'));
      if (
        parts.length !== 3 ||
        !iv ||
        !ciphertext ||
        !tag ||
        iv.length !== IV_BYTES ||
        tag.length !== TAG_BYTES
      )
        throw new SecretBoxError(`not a ${version} sealed value`);
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
        decipher.setAAD(Buffer.from(context, 'utf8'));
        decipher.setAuthTag(tag);
        return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
      } catch (error) {
        throw new SecretBoxError(
          'the sealed value does not open with this key (another key sealed it, or it was altered)',
          {
            cause: error,
          },
        );
      }
    },
    isSealed: (value) => value.startsWith(prefix),
  };
}
