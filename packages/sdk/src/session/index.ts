export type { LogoutReason, QoltanbaClient, QoltanbaClientOptions, SessionEvent } from './client';
export { createQoltanbaClient } from './client';
export { initSession } from './initSession';
export { $loading } from './loading';
export { createMemoryStorage } from './memoryStorage';
export { IDENTITY_NOTE_KEY, SESSION_STORAGE_KEYS } from './storageKeys';
