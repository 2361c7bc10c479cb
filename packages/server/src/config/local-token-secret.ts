import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ConfigError } from './config.js';

/** The file of a data folder that keeps its development token secret. */
export const LOCAL_TOKEN_SECRET_FILE = 'token-secret';

const MIN_LENGTH = 32;

/**
 * The token secret kept in a development data folder (`<dataDir>/token-secret`, owner-only), made on first use: a
 * restarted `npm start` keeps its sessions, support identities and encrypted webhook secrets. Two processes starting
 * together agree on one (the file is created exclusively). A file too short to be a secret is a ConfigError.
 */
export async function localTokenSecret(dataDir: string): Promise<string> {
  const path = join(dataDir, LOCAL_TOKEN_SECRET_FILE);
  await mkdir(dataDir, { recursive: true });
  try {
    const file = await open(path, 'wx', 0o600);
    try {
      const secret = randomBytes(32).toString('base64url');
      await file.writeFile(`${secret}\n`);
      return secret;
    } finally {
      await file.close();
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const secret = (await readFile(path, 'utf8')).trim();
  if (secret.length < MIN_LENGTH) {
    throw new ConfigError(
      `${path} holds no usable token secret (fewer than ${MIN_LENGTH} characters): delete it to make a new one, ` +
        'or set QOLTANBA_TOKEN_SECRET.',
    );
  }
  return secret;
}
