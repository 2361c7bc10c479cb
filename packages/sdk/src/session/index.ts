export { hasActiveClient, setActiveClient } from './activeClient';
export type {
  LogoutReason,
  QoltanbaClient,
  QoltanbaClientOptions,
  SessionEvent,
  UploadRequest,
} from './client';
export { createQoltanbaClient } from './client';
export { initSession } from './initSession';
export { $loading } from './loading';
export { createMemoryStorage } from './memoryStorage';
export { IDENTITY_NOTE_KEY, SESSION_STORAGE_KEYS } from './storageKeys';
export {
  fetchUploadTransport,
  type UploadTransport,
  type UploadTransportRequest,
  type UploadTransportResponse,
  xhrUploadTransport,
} from './upload';
