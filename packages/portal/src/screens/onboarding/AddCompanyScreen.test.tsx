import { errorMessage, SIGNING_PATHS } from '@qoltanba/core';
import { $companies, ApiError, type NcaLayerClient, setLocale } from '@qoltanba/sdk';
import { ALFA, type Failure } from '@qoltanba/server/testing';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerPortalTranslations } from '../../i18n/portalTranslations';
import { renderPortal } from '../../test/renderPortal';
import { portalServerPerFile } from '../../test/serverSession';

const test = portalServerPerFile();

/** NCALayer as bolat's key for ТОО Альфа: a real detached CMS over each item, by the test PKI the server trusts. */
function bolatSignsForAlfa(data: readonly (string | Uint8Array)[]): string[] {
  const { world, clock } = test.server;
  return data.map((item) => {
    const content = typeof item === 'string' ? Buffer.from(item, 'base64') : item;
    const cms = world
      .certificate('bolat', ALFA)
      .signCms({ content, detached: true, signingTime: clock.now() });
    return Buffer.from(cms).toString('base64');
  });
}

const ncaLayer = vi.hoisted(() => ({ current: undefined as NcaLayerClient | undefined }));
vi.mock('@qoltanba/sdk', async (importOriginal) => {
  const sdk = await importOriginal<typeof import('@qoltanba/sdk')>();
  return {
    ...sdk,
    ncaLayerFor: (...args: Parameters<typeof sdk.ncaLayerFor>) =>
      ncaLayer.current ?? sdk.ncaLayerFor(...args),
  };
});

beforeEach(() => {
  registerPortalTranslations();
  setLocale('en');
});
afterEach(() => {
  ncaLayer.current = undefined;
});

describe('add company by EDS', () => {
  it("signs the server's challenge with a legal entity's key, reloads the companies and opens the cabinet", async () => {
    const signCms = vi.fn<NcaLayerClient['signCms']>(async (data) => bolatSignsForAlfa(data));
    ncaLayer.current = { signCms };
    // bolat is a member of АО Бета only; his key for ТОО Альфа attaches it.
    await test.signIn('bolat');
    const { router } = renderPortal('/cabinet/company/add');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign with EDS' }));
    await waitFor(() => expect($companies.get().map((company) => company.bin)).toContain(ALFA.bin));
    expect(signCms.mock.calls[0]?.[1]?.extKeyUsageOids).toEqual(['1.3.6.1.5.5.7.3.4', '1.2.398.3.3.4.1.2']);
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/cabinet/company/add'));
  });

  it('says NCALayer is not running, and stays', async () => {
    ncaLayer.current = {
      signCms: async () => {
        throw new ApiError(0, 'SIGNER_APP_NOT_RUNNING', 'x');
      },
    };
    await test.signIn('bolat');
    renderPortal('/cabinet/company/add');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign with EDS' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The signing program (NCALayer) is not running. Start it and try again',
    );
  });

  // The global rate limit refusing the attach: the alert says when to retry, in the interface's language (not
  // the server's English message), and keeps the seconds when the language changes.
  const rateLimitedTexts = {
    en: 'Too many requests. Try again in 57 seconds',
    ru: 'Слишком много запросов. Повторите попытку через 57 с',
    kk: 'Сұраныстар тым көп. 57 секундтан соң қайталап көріңіз',
  } as const;

  it.each<[string, Failure]>([
    [
      'with params in the body, as the server answers',
      {
        status: 429,
        body: {
          code: 'RATE_LIMITED',
          message: errorMessage('RATE_LIMITED', 'en', { retryAfter: 57 }),
          params: { retryAfter: 57 },
        },
        headers: { 'retry-after': '57' },
      },
    ],
    ['with only Retry-After, as a proxy answers', { status: 429, headers: { 'retry-after': '57' } }],
  ])('says when to retry after a 429 %s, in every language', async (_how, answer) => {
    ncaLayer.current = { signCms: async (data) => bolatSignsForAlfa(data) };
    const { server } = await test.signIn('bolat');
    server.failNext(['POST', SIGNING_PATHS.attachBySignature], answer);
    renderPortal('/cabinet/company/add');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign with EDS' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(rateLimitedTexts.en);
    for (const lang of ['ru', 'kk', 'en'] as const) {
      act(() => setLocale(lang));
      expect(screen.getByRole('alert').textContent).toBe(rateLimitedTexts[lang]);
      expect(screen.getByRole('alert').textContent).not.toMatch(/\{\w+\}/);
    }
  });
});
