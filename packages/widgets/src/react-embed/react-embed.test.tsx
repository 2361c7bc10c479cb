import { render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QoltanbaDocumentStatus, QoltanbaSign, QoltanbaVerify } from './index';

afterEach(() => vi.unstubAllGlobals());

describe('React wrappers of the elements', () => {
  it('renders the tag with the props as attributes and defines the element on mount', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 500 })),
    );
    const { container } = render(
      <QoltanbaSign token="qe_1" apiBase="https://qoltanba.example" lang="ru" qr={false} className="wide" />,
    );
    const element = container.querySelector('qoltanba-sign') as HTMLElement;
    expect(element.getAttribute('token')).toBe('qe_1');
    expect(element.getAttribute('api-base')).toBe('https://qoltanba.example');
    expect(element.getAttribute('lang')).toBe('ru');
    expect(element.getAttribute('qr')).toBe('false');
    expect(element.getAttribute('class')).toBe('wide');
    await waitFor(() => expect(customElements.get('qoltanba-sign')).toBeDefined());
    await waitFor(() => expect(element.shadowRoot).toBeTruthy());
  });

  it('calls onSigned, onRejected and onError with the events’ detail, using the latest callbacks', async () => {
    const first = vi.fn();
    const onSigned = vi.fn();
    const onRejected = vi.fn();
    const onError = vi.fn();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 500 })),
    );
    const { container, rerender } = render(<QoltanbaDocumentStatus token="qe_2" onSigned={first} />);
    rerender(
      <QoltanbaDocumentStatus token="qe_2" onSigned={onSigned} onRejected={onRejected} onError={onError} />,
    );
    const element = container.querySelector('qoltanba-document-status') as HTMLElement;
    const fire = (type: string, detail: unknown) =>
      element.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
    fire('qoltanba-signed', { documentId: 7, status: 'SIGNED' });
    fire('qoltanba-rejected', { documentId: 7 });
    fire('qoltanba-error', { code: 'EMBED_TOKEN_EXPIRED', message: 'expired' });
    expect(first).not.toHaveBeenCalled();
    expect(onSigned).toHaveBeenCalledWith({ documentId: 7, status: 'SIGNED' });
    expect(onRejected).toHaveBeenCalledWith({ documentId: 7 });
    expect(onError).toHaveBeenCalledWith({ code: 'EMBED_TOKEN_EXPIRED', message: 'expired' });
  });

  it('calls onReady when the real element has rendered, and stops listening after unmount', async () => {
    const onReady = vi.fn();
    const { container, unmount } = render(<QoltanbaVerify lang="en" onReady={onReady} />);
    await waitFor(() => expect(onReady).toHaveBeenCalledWith({ lang: 'en' }));
    const element = container.querySelector('qoltanba-verify') as HTMLElement;
    unmount();
    element.dispatchEvent(new CustomEvent('qoltanba-ready', { detail: { lang: 'ru' } }));
    expect(onReady).toHaveBeenCalledTimes(1);
  });
});
