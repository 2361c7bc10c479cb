import type { EmbedSessionView, SignerState } from '@qoltanba/core';
import type { NcaLayerClient } from '@qoltanba/sdk';
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sampleDocument } from '../story-support/document-fixtures';
import { signSession } from '../test-support/embed-signing';

// A stand-in for NCALayer (the desktop signer reached over a WebSocket): signs each file's bytes with a
// recognisable "signature" and records what it was asked.
const ncaLayer = vi.hoisted(() => ({
  asked: [] as Array<{ contents: string[]; options: Record<string, unknown> }>,
}));

vi.mock('@qoltanba/sdk', async (importOriginal) => {
  const sdk = await importOriginal<typeof import('@qoltanba/sdk')>();
  const fake = {
    async signCms(contents: Uint8Array[], options: Record<string, unknown>) {
      const texts = contents.map((bytes) => new TextDecoder().decode(bytes));
      ncaLayer.asked.push({ contents: texts, options });
      return texts.map((text) => btoa(`cms(${text})`));
    },
  } as unknown as NcaLayerClient;
  return {
    ...sdk,
    loadSigningConfig: async () => sdk.DEFAULT_SIGNING_CONFIG,
    ncaLayerFor: () => fake,
  };
});

await import('./index');

const SESSION = signSession('es_sign');

function view(state: SignerState): EmbedSessionView {
  const document = sampleDocument('AT_SIGNING');
  const signer = {
    ...(document.signers[1] as (typeof document.signers)[number]),
    identityNumber: '990340005977',
    state,
  };
  const status = state === 'SIGNED' ? 'SIGNED' : 'AT_SIGNING';
  return {
    purpose: 'sign',
    allowedOrigins: SESSION.allowedOrigins,
    lang: 'en',
    document: { document: { ...document, status, signers: [signer] }, signer, expiresAt: SESSION.expiresAt },
    company: null,
    requiredSigner: null,
  };
}

afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('<qoltanba-sign> with NCALayer', () => {
  it('signs every file through NCALayer, posts the signatures and fires qoltanba-signed', async () => {
    const posted: unknown[] = [];
    let current = view('WAITING');
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        if (url.endsWith('/sessions')) return Response.json(SESSION);
        const file = /\/session\/files\/(\d+)$/.exec(url);
        if (file) return new Response(`file-${file[1]}`);
        if (url.endsWith('/session/sign')) {
          expect(new Headers(init.headers).get('Authorization')).toBe('Bearer es_sign');
          posted.push(JSON.parse(String(init.body)));
          current = view('SIGNED');
        }
        return Response.json(current);
      }),
    );
    const signed: Event[] = [];
    const onSigned = (event: Event) => signed.push(event);
    document.addEventListener('qoltanba-signed', onSigned);
    try {
      document.body.innerHTML =
        '<qoltanba-sign token="qe_sign" api-base="https://qoltanba.example/" lang="en"></qoltanba-sign>';
      const element = document.body.firstElementChild as HTMLElement & { shadowRoot: ShadowRoot };
      const signButton = await waitFor(() => {
        const button = Array.from(element.shadowRoot.querySelectorAll('button')).find(
          (candidate) => candidate.textContent === 'Sign with EDS (NCALayer)',
        );
        expect(button).toBeTruthy();
        return button as HTMLButtonElement;
      });
      signButton.click();

      await waitFor(() => expect(signed).toHaveLength(1));
      // NCALayer got each file's bytes, in the document's order, filtered to the signer's certificate.
      expect(ncaLayer.asked).toHaveLength(1);
      expect(ncaLayer.asked[0]?.contents).toEqual(['file-11', 'file-12']);
      expect(ncaLayer.asked[0]?.options).toMatchObject({ locale: 'en' });
      expect(posted).toEqual([
        {
          signatures: [
            { fileId: 11, cms: btoa('cms(file-11)') },
            { fileId: 12, cms: btoa('cms(file-12)') },
          ],
          lang: 'en',
        },
      ]);
      const event = signed[0] as CustomEvent;
      expect(event.detail).toEqual({ documentId: 1, status: 'SIGNED' });
      expect([event.bubbles, event.composed, event.target]).toEqual([true, true, element]);
    } finally {
      document.removeEventListener('qoltanba-signed', onSigned);
    }
  });
});
