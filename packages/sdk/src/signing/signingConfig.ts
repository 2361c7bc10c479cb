import { NCALAYER_DEFAULT_URL, SIGNING_PATHS, type SigningConfig, signingConfigSchema } from '@qoltanba/core';
import { atom, onMount, type ReadableAtom } from 'nanostores';
import { readResponse } from '../api/expectResponse';
import { activeClient } from '../session/activeClient';
import { createNcaLayerClient, type NcaLayerClient, type NcaLayerClientOptions } from './ncaLayerClient';

/** Where NCALayer is and whether a development test signer answers there; anonymous, so links can use it. */
// Async so that a missing active client rejects (and $signingConfig keeps its default) instead of throwing in onMount.
export async function getSigningConfig(): Promise<SigningConfig> {
  const client = activeClient();
  return readResponse(
    client.publicApi.get(SIGNING_PATHS.config).json<unknown>(),
    signingConfigSchema,
    client.lang,
  );
}

/** The config used until the server answered, or when it could not: NCALayer at its default address. */
export const DEFAULT_SIGNING_CONFIG: SigningConfig = { ncaLayerUrl: NCALAYER_DEFAULT_URL, testSigner: null };

const config = atom<SigningConfig>(DEFAULT_SIGNING_CONFIG);
let loaded: Promise<SigningConfig> | undefined;

/** Loads the signing config once (again after a failure) and keeps it in {@link $signingConfig}. */
export function loadSigningConfig(): Promise<SigningConfig> {
  loaded ??= getSigningConfig().then(
    (value) => {
      config.set(value);
      return value;
    },
    () => {
      loaded = undefined;
      return config.get();
    },
  );
  return loaded;
}

/**
 * The server's signing config, loaded when first watched: NCALayer's address and, in development only, the
 * test signer's label (show it). {@link DEFAULT_SIGNING_CONFIG} until then or when the call failed.
 */
export const $signingConfig: ReadableAtom<SigningConfig> = config;

onMount(config, () => {
  void loadSigningConfig();
});

/** Forgets the loaded config (tests, or a client bound to another server). */
export function resetSigningConfig(): void {
  loaded = undefined;
  config.set(DEFAULT_SIGNING_CONFIG);
}

/**
 * An NCALayer client at the address of `signingConfig` (the current {@link $signingConfig} by default).
 *
 * @example const ncaLayer = ncaLayerFor(await loadSigningConfig());
 */
export function ncaLayerFor(
  signingConfig: SigningConfig = config.get(),
  options: Omit<NcaLayerClientOptions, 'url'> = {},
): NcaLayerClient {
  return createNcaLayerClient({ ...options, url: signingConfig.ncaLayerUrl });
}
