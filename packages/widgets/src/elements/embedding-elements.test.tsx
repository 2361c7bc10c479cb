import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../test-support/axe';
import {
  listenToProductEvents,
  rejectWithReason,
  signSession,
  stubSignEmbedApi,
} from '../test-support/embed-signing';
import './index';
import { $loadedLangs, errorTextsOf } from './runtime/languages';

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
    const events = listenToProductEvents();
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

describe('<qoltanba-sign>', () => {
  it('reports EMBED_TOKEN_INVALID with its text when no token is given', async () => {
    const events = listenToProductEvents();
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
    const { calls, view } = stubSignEmbedApi(signSession('es_test'));
    const events = listenToProductEvents();
    try {
      const element = mount(
        '<qoltanba-sign token="qe_test" api-base="https://qoltanba.example/" lang="en"></qoltanba-sign>',
      );
      const root = () => element.shadowRoot;
      await waitFor(() =>
        expect(root().querySelector('h2')?.textContent).toBe(view().document?.document.name),
      );
      expect(calls[0]).toMatchObject({
        url: 'https://qoltanba.example/proxy/embed-api/api/v1/sessions',
        method: 'POST',
        body: { token: 'qe_test' },
      });
      expect(calls[1]).toMatchObject({ method: 'GET', auth: 'Bearer es_test' });
      expect(events.seen.find((e) => e.type === 'qoltanba-ready')?.target).toBe(element);

      await rejectWithReason(root(), 'Wrong amount in the contract');
      await waitFor(() => expect(events.seen.map((e) => e.type)).toContain('qoltanba-rejected'));
      expect(events.seen.find((e) => e.type === 'qoltanba-rejected')?.detail).toEqual({
        documentId: view().document?.document.id,
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
