export { $apiKeys, type ApiKeysStore } from './apiKeyStore';
export { createApiKey, listApiKeys, listWebhookDeliveries, revokeApiKey, updateApiKey } from './partnerApi';
