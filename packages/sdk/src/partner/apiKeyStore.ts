import type { ApiKey, ApiKeyCreated, ApiKeyInput } from '@qoltanba/core';
import { type CompanyListStore, createCompanyListStore } from '../company/companyListStore';
import { createApiKey, listApiKeys, revokeApiKey, updateApiKey } from './partnerApi';

/** The acting company's partner API keys with the actions on them; see {@link $apiKeys}. */
export interface ApiKeysStore extends CompanyListStore<ApiKey> {
  /** Creates a key and reloads; the answer (with the secrets, shown once) is not kept anywhere else. */
  create(input: ApiKeyInput): Promise<ApiKeyCreated>;
  /** Changes a key and reloads; a new webhook secret, if any, is only in the answer. */
  update(keyId: string, input: ApiKeyInput): Promise<ApiKey>;
  /** Revokes a key and reloads. */
  revoke(keyId: string): Promise<void>;
}

const keys = createCompanyListStore('apiKeys', (signal) => listApiKeys({ signal }));

/**
 * The acting company's API keys (its administrator's screen): loads when watched, again when the acting company
 * changes. A member who is not the administrator sees status `failed` with API_KEY_FORBIDDEN.
 *
 * @example
 * $apiKeys.subscribe(({ items }) => render(items));
 * const { secret } = await $apiKeys.create({ name: 'Shop', allowedOrigins: ['https://shop.kz'] });
 */
export const $apiKeys: ApiKeysStore = Object.assign(keys, {
  async create(input: ApiKeyInput) {
    const created = await createApiKey(input);
    await keys.reload();
    return created;
  },
  async update(keyId: string, input: ApiKeyInput) {
    const updated = await updateApiKey(keyId, input);
    await keys.reload();
    return updated;
  },
  async revoke(keyId: string) {
    await revokeApiKey(keyId);
    await keys.reload();
  },
});
