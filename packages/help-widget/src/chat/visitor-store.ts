import { IDENTITY_NOTE_KEY } from '@qoltanba/core';

/** Where the anonymous visitor's token lives. */
export interface VisitorStore {
  get(): string | null;
  set(visitorToken: string): void;
}

/** The field of the identity note's JSON that holds the visitor token; other uses add fields of their own. */
export const VISITOR_FIELD = 'supportVisitor';

type Note = Record<string, unknown>;

function readNote(storage: Storage): Note | undefined {
  const raw = storage.getItem(IDENTITY_NOTE_KEY);
  if (raw === null) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Note)
      : undefined;
  } catch {
    return undefined;
  }
}

/** `window.localStorage`, or undefined where reading it throws (blocked storage, sandboxed frames). */
export function browserStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

/**
 * The visitor token in `localStorage` under the identity-note key (SPEC section 3: the one key the portal's logout
 * keeps), as `{"supportVisitor": "..."}` beside whatever else the note holds. When storage is blocked, or the key
 * holds something that is not a JSON object (someone else's note, left alone), the token lives in memory only.
 */
export function createVisitorStore(storage: Storage | undefined = browserStorage()): VisitorStore {
  let memory: string | null = null;
  return {
    get() {
      try {
        const stored = storage ? readNote(storage)?.[VISITOR_FIELD] : undefined;
        if (typeof stored === 'string' && stored !== '') return stored;
      } catch {
        // Storage refused the read: memory is all there is.
      }
      return memory;
    },
    set(visitorToken) {
      memory = visitorToken;
      try {
        const note = storage ? readNote(storage) : undefined;
        if (storage && note)
          storage.setItem(IDENTITY_NOTE_KEY, JSON.stringify({ ...note, [VISITOR_FIELD]: visitorToken }));
      } catch {
        // Quota or privacy mode: the token stays in memory for this page.
      }
    },
  };
}
