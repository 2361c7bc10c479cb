import { resolve } from 'node:path';
import type { PkiConfig } from './verifier.js';

const TRUE = new Set(['1', 'true', 'yes', 'on']);
const FALSE = new Set(['0', 'false', 'no', 'off']);

/** What {@link pkiConfigFromEnv} falls back to. */
export interface PkiConfigDefaults {
  /** Relative QOLTANBA_TRUST_DIR values resolve against this folder. */
  cwd: string;
  /** Trust folder when QOLTANBA_TRUST_DIR is not set. */
  trustDir: string;
  acceptTestIdentities: boolean;
}

/**
 * The engine settings from the environment: QOLTANBA_TRUST_DIR (trust folder) and QOLTANBA_PKI_OFFLINE (true:
 * no OCSP/CRL downloads). Throws an Error naming the variable when a value is invalid.
 *
 * @example const pki = pkiConfigFromEnv(process.env, { cwd: process.cwd(), trustDir: '.data/trust', acceptTestIdentities: false });
 */
export function pkiConfigFromEnv(env: NodeJS.ProcessEnv, defaults: PkiConfigDefaults): PkiConfig {
  const dir = env.QOLTANBA_TRUST_DIR?.trim();
  const offlineText = env.QOLTANBA_PKI_OFFLINE?.trim().toLowerCase() ?? '';
  if (offlineText !== '' && !TRUE.has(offlineText) && !FALSE.has(offlineText)) {
    throw new Error('QOLTANBA_PKI_OFFLINE: expected true/false');
  }
  return {
    trustDir: dir ? resolve(defaults.cwd, dir) : defaults.trustDir,
    offline: TRUE.has(offlineText),
    acceptTestIdentities: defaults.acceptTestIdentities,
  };
}
