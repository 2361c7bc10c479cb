import { type SigningConfig, validateIdentityNumber } from '@qoltanba/core';
import {
  LEGAL_ENTITY_KEY_USAGE_OID,
  type NcaLayerSignOptions,
  SIGNING_KEY_USAGE_OID,
} from './ncaLayerClient';

type Filter = Pick<NcaLayerSignOptions, 'iin' | 'bin' | 'extKeyUsageOids' | 'chain'>;

// The NCA TEST certificates' numbers are only accepted by a server outside production, which is also the only
// one that sets a test signer.
const testMode = (signingConfig: SigningConfig) => ({ testMode: signingConfig.testSigner !== null });

/**
 * NCALayer's certificate filter for signing as `identityNumber`: a BIN selects the legal entity's keys
 * (`bin`), an IIN the person's (`iin`); signing keys only. With a test signer the chain check is off.
 */
export function documentSignerFilter(identityNumber: string, signingConfig: SigningConfig): Filter {
  const validation = validateIdentityNumber(identityNumber, testMode(signingConfig));
  const isBin = validation.ok && validation.kind === 'BIN';
  return {
    ...(isBin ? { bin: identityNumber } : { iin: identityNumber }),
    extKeyUsageOids: [SIGNING_KEY_USAGE_OID],
    ...(signingConfig.testSigner ? { chain: [] } : {}),
  };
}

/** NCALayer's filter for attaching a company: a legal entity's signing key, of `bin` when given. */
export function attachSignerFilter(bin: string | undefined, signingConfig: SigningConfig): Filter {
  return {
    ...(bin ? { bin } : {}),
    extKeyUsageOids: [SIGNING_KEY_USAGE_OID, LEGAL_ENTITY_KEY_USAGE_OID],
    ...(signingConfig.testSigner ? { chain: [] } : {}),
  };
}
