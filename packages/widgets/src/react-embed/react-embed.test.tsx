import { render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signAttributes } from '../elements/sign-attributes';
import { expectNoAxeViolations } from '../test-support/axe';
import {
  listenToProductEvents,
  rejectWithReason,
  signSession,
  stubSignEmbedApi,
} from '../test-support/embed-signing';
import { QoltanbaDocumentStatus, QoltanbaSign, QoltanbaVerify } from './index';
import { lazyDefinition, reactElement, reflectedAttributes } from './react-element';

afterEach(() => vi.unstubAllGlobals());

/** The shadow root of a component's host element. */
function shadowOf(container: HTMLElement, tag: string): { host: HTMLElement; root: ShadowRoot } {
  const host = container.querySelector<HTMLElement>(`[data-qoltanba-element="${tag}"]`);
  if (!host?.shadowRoot) throw new Error(`no shadow root for ${tag}`);
  return { host, root: host.shadowRoot };
}

describe('the React build of the elements', () => {
  it("reflects the spec map's props as the element's attributes on a host with an open shadow root, not a custom element", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ code: 'EMBED_TOKEN_INVALID', message: 'no' }, { status: 401 })),
    );
    const { container } = render(
      <QoltanbaSign
        token="qe_1"
        apiBase="https://qoltanba.example"
        lang="ru"
        qr={false}
        theme="dark"
        className="wide"
        id="signing"
        style={{ maxWidth: 600 }}
      />,
    );
    const { host, root } = shadowOf(container, 'qoltanba-sign');
    expect(host.tagName).toBe('DIV');
    expect(
      ['token', 'api-base', 'lang', 'qr', 'theme', 'class', 'id'].map((name) => host.getAttribute(name)),
    ).toEqual(['qe_1', 'https://qoltanba.example', 'ru', 'false', 'dark', 'wide', 'signing']);
    expect(host.style.maxWidth).toBe('600px');
    // The element's CSS is adopted into the shadow root, and the tag is not registered as a custom element.
    await waitFor(() => expect(root.adoptedStyleSheets.length).toBeGreaterThan(0));
    expect(customElements.get('qoltanba-sign')).toBeUndefined();
    await waitFor(() => expect(root.querySelector('[part~="root"]')?.getAttribute('lang')).toBe('ru'));
  });

  it('types the props from the spec maps: misuse does not compile', () => {
    const misuse = () => [
      // @ts-expect-error `lang` is kk, ru or en
      <QoltanbaSign key="lang" lang="de" />,
      // @ts-expect-error `qr` is a boolean, the attribute's kind
      <QoltanbaSign key="qr" qr="no" />,
      // @ts-expect-error `onSigned` gets the signed event's detail
      <QoltanbaSign key="signed" onSigned={(detail: { code: string }) => detail.code} />,
      // @ts-expect-error `<qoltanba-verify>` takes no token
      <QoltanbaVerify key="token" token="qe_1" />,
    ];
    expect(misuse).toBeTypeOf('function');
  });

  it('writes attributes only for spec map props, as the custom element parses them', () => {
    expect(
      reflectedAttributes(signAttributes, {
        apiBase: 'https://q.kz',
        qr: true,
        lang: undefined,
        onSigned: () => 1,
      }),
    ).toEqual({ 'api-base': 'https://q.kz', qr: 'true' });
  });

  it('signs as the custom element does: the document in the shadow root, events to callbacks and the DOM', async () => {
    const { calls, view } = stubSignEmbedApi(signSession('es_react'));
    const onReady = vi.fn();
    const onRejected = vi.fn();
    const events = listenToProductEvents();
    try {
      const { container } = render(
        <QoltanbaSign
          token="qe_react"
          apiBase="https://qoltanba.example/"
          lang="en"
          onReady={onReady}
          onRejected={onRejected}
        />,
      );
      const { host, root } = shadowOf(container, 'qoltanba-sign');
      await waitFor(() => expect(root.querySelector('h2')?.textContent).toBe(view().document?.document.name));
      expect(calls[0]).toMatchObject({
        url: 'https://qoltanba.example/proxy/embed-api/api/v1/sessions',
        method: 'POST',
      });
      expect(calls[1]).toMatchObject({ method: 'GET', auth: 'Bearer es_react' });
      expect(onReady).toHaveBeenCalledWith({ lang: 'en' });
      expect(events.seen.find((event) => event.type === 'qoltanba-ready')?.target === host).toBe(true);
      await expectNoAxeViolations(root.querySelector('[part~="root"]') as Element);

      await rejectWithReason(root, 'Wrong amount in the contract');
      const documentId = view().document?.document.id;
      await waitFor(() => expect(onRejected).toHaveBeenCalledWith({ documentId }));
      // Compared by identity: a deep comparison of DOM nodes walks the whole document.
      const rejected = events.seen.find((event) => event.type === 'qoltanba-rejected');
      expect(rejected?.detail).toEqual({ documentId });
      expect(rejected?.target === host).toBe(true);
    } finally {
      events.stop();
    }
  });

  it('calls the latest callbacks: onError with the stable code when no token is given', async () => {
    const first = vi.fn();
    const onError = vi.fn();
    const { rerender } = render(<QoltanbaDocumentStatus lang="en" onError={first} />);
    rerender(<QoltanbaDocumentStatus lang="en" onError={onError} />);
    await waitFor(() =>
      expect(onError).toHaveBeenCalledWith(expect.objectContaining({ code: 'EMBED_TOKEN_INVALID' })),
    );
    expect(first).not.toHaveBeenCalled();
  });

  it('switches language when the lang prop changes, loading that language first', async () => {
    const { container, rerender } = render(<QoltanbaVerify lang="kk" />);
    const { root } = shadowOf(container, 'qoltanba-verify');
    await waitFor(() => expect(root.querySelector('[part~="root"]')?.getAttribute('lang')).toBe('kk'));
    rerender(<QoltanbaVerify lang="en" />);
    await waitFor(() => expect(root.querySelector('[part~="root"]')?.getAttribute('lang')).toBe('en'));
    expect(root.querySelector('button')?.textContent).toBe('choose files');
    expect(shadowOf(container, 'qoltanba-verify').host.getAttribute('lang')).toBe('en');
  });

  it("reports NETWORK_ERROR when an element's code does not arrive, and tries again on the next mount", async () => {
    let attempts = 0;
    const definition = lazyDefinition(async () => {
      attempts += 1;
      throw new Error('offline');
    });
    const Broken = reactElement('qoltanba-broken', signAttributes, definition, 'Broken');
    const onError = vi.fn();
    const first = render(<Broken lang="ru" onError={onError} />);
    await waitFor(() =>
      expect(onError).toHaveBeenCalledWith({
        code: 'NETWORK_ERROR',
        message: 'Не удалось загрузить. Проверьте соединение',
      }),
    );
    first.unmount();
    render(<Broken lang="ru" onError={onError} />);
    await waitFor(() => expect(attempts).toBe(2));
  });
});
