import type { EmbedSession, EmbedSessionView } from '@qoltanba/core';
import { fireEvent, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sampleDocument } from '../story-support/document-fixtures';
import { expectNoAxeViolations } from '../test-support/axe';
import './index';
import { $loadedLangs, errorTextsOf } from './runtime/languages';

type Seen = {
  type: string;
  detail: unknown;
  bubbles: boolean;
  composed: boolean;
  target: EventTarget | null;
};

/** Listens on `document` (outside every shadow root) for the product events. */
function listen(): { seen: Seen[]; stop: () => void } {
  const seen: Seen[] = [];
  const types = ['qoltanba-ready', 'qoltanba-error', 'qoltanba-signed', 'qoltanba-rejected'] as const;
  const listener = (event: Event) =>
    seen.push({
      type: event.type,
      detail: (event as CustomEvent).detail,
      bubbles: event.bubbles,
      composed: event.composed,
      target: event.target,
    });
  for (const type of types) document.addEventListener(type, listener);
  const stop = () => {
    for (const type of types) document.removeEventListener(type, listener);
  };
  return { seen, stop };
}

function mount<T extends HTMLElement>(html: string): T & { shadowRoot: ShadowRoot } {
  document.body.innerHTML = html;
  return document.body.firstElementChild as T & { shadowRoot: ShadowRoot };
}

afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('<qoltanba-verify>', () => {
  it('loads its language, renders in the shadow root and fires a composed qoltanba-ready caught outside', async () => {
    const events = listen();
    try {
      const element = mount('<qoltanba-verify lang="ru"></qoltanba-verify>');
      await waitFor(() =>
        expect(element.shadowRoot.querySelector('button')?.textContent).toBe('выберите файлы'),
      );
      expect($loadedLangs.get()).toContain('ru');
      expect(errorTextsOf('ru')?.TOO_MANY_FILES).toMatch(/файл/);
      await waitFor(() => expect(events.seen.map((e) => e.type)).toContain('qoltanba-ready'));
      expect(events.seen[0]).toEqual({
        type: 'qoltanba-ready',
        detail: { lang: 'ru' },
        bubbles: true,
        composed: true,
        target: element,
      });
      await expectNoAxeViolations(element.shadowRoot.querySelector('[part~="root"]') as Element);
    } finally {
      events.stop();
    }
  });

  it('switches language at run time from the lang attribute, loading that language first', async () => {
    const element = mount('<qoltanba-verify lang="kk"></qoltanba-verify>');
    await waitFor(() =>
      expect(element.shadowRoot.querySelector('[part~="root"]')?.getAttribute('lang')).toBe('kk'),
    );
    element.setAttribute('lang', 'en');
    await waitFor(() =>
      expect(element.shadowRoot.querySelector('[part~="root"]')?.getAttribute('lang')).toBe('en'),
    );
    expect(errorTextsOf('en')?.TOO_MANY_FILES).toMatch(/files/i);
    expect(element.shadowRoot.querySelector('button')?.textContent).toBe('choose files');
  });
});

const SESSION: EmbedSession = {
  session: 'es_test',
  expiresAt: new Date(Date.now() + 30 * 60_000).toISOString(),
  purpose: 'sign',
  documentId: 1,
  signer: '990340005977',
  allowedOrigins: ['https://partner.example'],
  lang: 'en',
};

function view(state: 'WAITING' | 'REJECTED'): EmbedSessionView {
  const document = sampleDocument('AT_SIGNING');
  const signer = { ...(document.signers[0] as (typeof document.signers)[number]), state };
  return {
    purpose: 'sign',
    allowedOrigins: SESSION.allowedOrigins,
    lang: 'en',
    document: { document: { ...document, signers: [signer] }, signer, expiresAt: SESSION.expiresAt },
    company: null,
    requiredSigner: null,
  };
}

describe('<qoltanba-sign>', () => {
  it('reports EMBED_TOKEN_INVALID with its text when no token is given', async () => {
    const events = listen();
    try {
      const element = mount('<qoltanba-sign lang="en"></qoltanba-sign>');
      await waitFor(() => expect(events.seen.map((e) => e.type)).toContain('qoltanba-error'));
      const error = events.seen.find((e) => e.type === 'qoltanba-error');
      expect(error?.detail).toMatchObject({ code: 'EMBED_TOKEN_INVALID' });
      expect(error?.composed).toBe(true);
      await waitFor(() =>
        expect(element.shadowRoot.querySelector('[role="alert"]')?.textContent).not.toBe(''),
      );
    } finally {
      events.stop();
    }
  });

  it('exchanges the token once, shows the document and fires qoltanba-rejected after a rejection', async () => {
    const calls: Array<{ url: string; method: string; body: unknown; auth: string | null }> = [];
    let current = view('WAITING');
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        const headers = new Headers(init.headers);
        calls.push({
          url,
          method: init.method ?? 'GET',
          body: init.body ? JSON.parse(String(init.body)) : undefined,
          auth: headers.get('Authorization'),
        });
        if (url.endsWith('/sessions')) return Response.json(SESSION);
        if (url.endsWith('/session/reject')) current = view('REJECTED');
        return Response.json(current);
      }),
    );
    const events = listen();
    try {
      const element = mount(
        '<qoltanba-sign token="qe_test" api-base="https://qoltanba.example/" lang="en"></qoltanba-sign>',
      );
      const root = () => element.shadowRoot;
      await waitFor(() =>
        expect(root().querySelector('h2')?.textContent).toBe(current.document?.document.name),
      );
      expect(calls[0]).toMatchObject({
        url: 'https://qoltanba.example/proxy/embed-api/api/v1/sessions',
        method: 'POST',
        body: { token: 'qe_test' },
      });
      expect(calls[1]).toMatchObject({ method: 'GET', auth: 'Bearer es_test' });
      expect(events.seen.find((e) => e.type === 'qoltanba-ready')?.target).toBe(element);

      const rejectButton = Array.from(root().querySelectorAll('button')).find(
        (b) => b.textContent === 'Reject',
      );
      rejectButton?.click();
      const reason = await waitFor(() => {
        const field = root().querySelector('textarea');
        expect(field).toBeTruthy();
        return field as HTMLTextAreaElement;
      });
      fireEvent.input(reason, { target: { value: 'Wrong amount in the contract' } });
      fireEvent.submit(reason.closest('form') as HTMLFormElement);
      await waitFor(() => expect(events.seen.map((e) => e.type)).toContain('qoltanba-rejected'));
      expect(events.seen.find((e) => e.type === 'qoltanba-rejected')?.detail).toEqual({
        documentId: current.document?.document.id,
      });
      expect(calls.find((c) => c.url.endsWith('/session/reject'))?.body).toMatchObject({
        reason: 'Wrong amount in the contract',
      });
      // Taken out of the page and put back: the session is reused, the single-use token is not sent again.
      const exchanges = calls.filter((c) => c.url.endsWith('/sessions')).length;
      document.body.append(element);
      expect(calls.filter((c) => c.url.endsWith('/sessions')).length).toBe(exchanges);
    } finally {
      events.stop();
    }
  });
});
