import {
  type EmbedCreatedDocument,
  type EmbedSession,
  type EmbedSessionView,
  type ErrorCode,
  type Lang,
  normalizeLang,
} from '@qoltanba/core';
import {
  createEmbedClient,
  type EmbedClient,
  type EmbedStatus,
  type EmbedTheme,
  errorCodeOf,
  exchangeEmbedToken,
} from '@qoltanba/sdk';

/** Where the embed page is. */
export type EmbedState =
  | { kind: 'loading' }
  /** `code` goes to the host; `error` is the caught failure, whose text carries the server's values. */
  | { kind: 'failed'; code: ErrorCode; error: unknown }
  | {
      kind: 'ready';
      session: EmbedSession;
      client: EmbedClient;
      view: EmbedSessionView;
      /** The document a 'create' session made. */
      created?: EmbedCreatedDocument;
    }
  | { kind: 'closed' };

// One exchange per token and page: the token is single use, so a second render (React's strict mode runs effects
// twice) must share the first exchange instead of spending the token again and failing with EMBED_TOKEN_USED.
const exchanges = new Map<string, Promise<EmbedSession>>();

/** Exchanges `token` once per page (at our own origin) and reads the session's view. */
export async function openEmbedSession(
  token: string,
  lang: () => Lang,
  baseUrl: string = window.location.origin,
): Promise<{ session: EmbedSession; client: EmbedClient; view: EmbedSessionView }> {
  let exchange = exchanges.get(token);
  if (!exchange) {
    exchange = exchangeEmbedToken(baseUrl, token, { lang });
    exchanges.set(token, exchange);
  }
  const session = await exchange;
  const client = createEmbedClient({ baseUrl, session: session.session, lang });
  return { session, client, view: await client.getSession() };
}

/** Forgets the exchanges (tests). */
export function resetEmbedExchanges(): void {
  exchanges.clear();
}

/** What the host asked for in the iframe address's fragment (`#lang=ru&theme=dark`). */
export function embedFragment(hash: string): { lang: Lang | undefined; theme: 'light' | 'dark' | undefined } {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const theme = params.get('theme');
  return {
    lang: normalizeLang(params.get('lang')),
    theme: theme === 'light' || theme === 'dark' ? theme : undefined,
  };
}

// The widgets' theme contract (`--qoltanba-<token path>`); dark values for the tokens a page shows most.
const DARK_THEME: Readonly<Record<string, string>> = {
  '--qoltanba-color-background': '#15191f',
  '--qoltanba-color-surface': '#1f252d',
  '--qoltanba-color-text': '#e9ecf0',
  '--qoltanba-color-textMuted': '#b3bbc6',
  '--qoltanba-color-border': '#434c59',
  '--qoltanba-color-inputBorder': '#8a94a3',
  '--qoltanba-color-primary': '#6a9cf5',
  '--qoltanba-color-primaryDark': '#a9c5fa',
  '--qoltanba-color-onPrimary': '#0b1526',
  '--qoltanba-color-errorText': '#f48fb1',
  '--qoltanba-color-focusRing': '#6a9cf5',
};

// Properties a theme set before, so switching from a custom theme back to light clears them.
const applied = new WeakMap<HTMLElement, string[]>();

/**
 * Applies a host's theme to `element`: light (the widgets' default), dark, or custom properties. Only the
 * widgets' own `--qoltanba-*` properties are taken from a host; anything else is ignored.
 */
export function applyEmbedTheme(element: HTMLElement, theme: EmbedTheme): void {
  for (const name of applied.get(element) ?? []) element.style.removeProperty(name);
  const properties = theme === 'light' ? {} : theme === 'dark' ? DARK_THEME : theme;
  const names: string[] = [];
  for (const [name, value] of Object.entries(properties)) {
    if (!name.startsWith('--qoltanba-') || typeof value !== 'string') continue;
    element.style.setProperty(name, value);
    names.push(name);
  }
  applied.set(element, names);
  element.style.colorScheme = theme === 'dark' ? 'dark' : '';
}

/** The protocol's status of the page's state. */
export function embedStatusOf(
  state: EmbedState,
  outcome: 'signed' | 'rejected' | 'created' | undefined,
): EmbedStatus {
  if (state.kind === 'ready') {
    const document = state.view.document?.document;
    return {
      state: outcome ?? 'ready',
      purpose: state.session.purpose,
      documentId: state.created?.documentId ?? state.session.documentId,
      documentStatus: state.created?.status ?? document?.status ?? null,
      errorCode: null,
    };
  }
  if (state.kind === 'failed') {
    return { state: 'error', purpose: null, documentId: null, documentStatus: null, errorCode: state.code };
  }
  return { state: 'loading', purpose: null, documentId: null, documentStatus: null, errorCode: null };
}

/** The catalogue code of a failed exchange or session call. */
export const embedErrorCode = errorCodeOf;
