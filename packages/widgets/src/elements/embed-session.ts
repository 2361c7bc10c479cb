import type { EmbedPurpose, EmbedSession, EmbedSessionView } from '@qoltanba/core';
import {
  ApiError,
  createEmbedClient,
  type EmbedClient,
  errorCodeOf,
  errorTextOf,
  exchangeEmbedToken,
} from '@qoltanba/sdk';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ElementContext } from './element-definition';

/** Where an element's embed session stands. */
export type EmbedSessionState =
  | { kind: 'loading' }
  | { kind: 'error'; error: unknown }
  | { kind: 'ready'; client: EmbedClient; view: EmbedSessionView };

// A token is single-use: an element taken out of the page and put back (which re-mounts it) reuses the session its
// token was exchanged for instead of exchanging it again (EMBED_TOKEN_USED).
const exchanged = new Map<string, Promise<EmbedSession>>();

function exchangeOnce(baseUrl: string, token: string, element: ElementContext): Promise<EmbedSession> {
  const key = `${baseUrl} ${token}`;
  let session = exchanged.get(key);
  if (!session) {
    session = exchangeEmbedToken(baseUrl, token, { lang: element.lang });
    // A failed exchange (network) may be retried with the same token.
    session.catch(() => exchanged.delete(key));
    exchanged.set(key, session);
  }
  return session;
}

/**
 * Exchanges the element's embed token for a session, checks its purpose and loads the session's view; `reload`
 * reads the view again. Failures are kept to be shown (in the element's current language) and become a
 * `qoltanba-error` event.
 */
export function useEmbedSession(
  baseUrl: string,
  token: string | undefined,
  purpose: EmbedPurpose,
  element: ElementContext,
): { state: EmbedSessionState; reload: () => Promise<void>; fail: (error: unknown) => void } {
  const [state, setState] = useState<EmbedSessionState>({ kind: 'loading' });
  const elementRef = useRef(element);
  elementRef.current = element;
  const clientRef = useRef<EmbedClient | undefined>(undefined);

  const fail = useCallback((error: unknown) => {
    const current = elementRef.current;
    setState({ kind: 'error', error });
    current.emit('qoltanba-error', { code: errorCodeOf(error), message: errorTextOf(error, current.lang) });
  }, []);

  const reload = useCallback(async () => {
    const client = clientRef.current;
    if (!client) return;
    try {
      setState({ kind: 'ready', client, view: await client.getSession() });
    } catch (error) {
      fail(error);
    }
  }, [fail]);

  useEffect(() => {
    clientRef.current = undefined;
    if (!token) {
      fail(new ApiError(401, 'EMBED_TOKEN_INVALID', ''));
      return;
    }
    let current = true;
    setState({ kind: 'loading' });
    exchangeOnce(baseUrl, token, elementRef.current)
      .then(async (session) => {
        if (session.purpose !== purpose) throw new ApiError(403, 'EMBED_PURPOSE_MISMATCH', '');
        const client = createEmbedClient({
          baseUrl,
          session: session.session,
          lang: () => elementRef.current.lang,
        });
        const view = await client.getSession();
        if (!current) return;
        clientRef.current = client;
        setState({ kind: 'ready', client, view });
        elementRef.current.ready();
      })
      .catch((error: unknown) => {
        if (current) fail(error);
      });
    return () => {
      current = false;
    };
  }, [baseUrl, token, purpose, fail]);

  return { state, reload, fail };
}
