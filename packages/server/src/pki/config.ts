import { resolve } from 'node:path';
import { z } from 'zod';
import { type EnvValues, envFlag, envInteger, envUrl, parseEnv } from '../config/env-fields.js';
import { httpTimestampAuthority } from './long-term/timestamp-authority.js';
import type { PkiConfig } from './verifier.js';
import { XML_MAX_BYTES } from './xml/xml-document.js';

/** What {@link pkiConfigFromEnv} falls back to. */
export interface PkiConfigDefaults {
  /** Relative QOLTANBA_TRUST_DIR values resolve against this folder. */
  cwd: string;
  /** Trust folder when QOLTANBA_TRUST_DIR is not set. */
  trustDir: string;
  acceptTestIdentities: boolean;
}

/**
 * Signature verification's variables: the trust folder, offline mode (no OCSP/CRL downloads), the RFC 3161
 * TSA signatures made here are stamped by (NCA RK's TSP in production; unset: signatures kept as signed) and the
 * size cap of XML files (refused unparsed above it).
 */
export const pkiEnv = {
  QOLTANBA_TSA_URL: envUrl(/^https?$/),
  QOLTANBA_TRUST_DIR: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() || undefined : value),
    z.string().optional(),
  ),
  QOLTANBA_PKI_OFFLINE: envFlag(false),
  QOLTANBA_XML_MAX_BYTES: envInteger({ min: 1024 }, XML_MAX_BYTES),
};

/** The engine settings of {@link pkiEnv}'s values. */
export function pkiSettings(e: EnvValues<typeof pkiEnv>, defaults: PkiConfigDefaults): PkiConfig {
  return {
    trustDir: e.QOLTANBA_TRUST_DIR ? resolve(defaults.cwd, e.QOLTANBA_TRUST_DIR) : defaults.trustDir,
    offline: e.QOLTANBA_PKI_OFFLINE,
    acceptTestIdentities: defaults.acceptTestIdentities,
    xmlMaxBytes: e.QOLTANBA_XML_MAX_BYTES,
    ...(e.QOLTANBA_TSA_URL ? { timestamping: httpTimestampAuthority(e.QOLTANBA_TSA_URL) } : {}),
  };
}

/**
 * The engine settings from the environment: QOLTANBA_TRUST_DIR (trust folder) and QOLTANBA_PKI_OFFLINE (true:
 * no OCSP/CRL downloads). Throws an Error naming the variable when a value is invalid.
 *
 * @example const pki = pkiConfigFromEnv(process.env, { cwd: process.cwd(), trustDir: '.data/trust', acceptTestIdentities: false });
 */
export function pkiConfigFromEnv(env: NodeJS.ProcessEnv, defaults: PkiConfigDefaults): PkiConfig {
  return pkiSettings(parseEnv(pkiEnv, env), defaults);
}
