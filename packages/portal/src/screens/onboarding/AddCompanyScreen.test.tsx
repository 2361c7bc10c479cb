import { SIGNING_PATHS } from '@qoltanba/core';
import { $companies, ApiError, type NcaLayerClient, setLocale } from '@qoltanba/sdk';
import { FAKE_TEST_BIN, failure, fakeCms } from '@qoltanba/sdk/testing';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerPortalTranslations } from '../../i18n';
import { renderPortal } from '../../test/renderPortal';
import { signInSdkFake } from '../../test/sdkSession';

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
    const signCms = vi.fn<NcaLayerClient['signCms']>(async () => [fakeCms('signed')]);
    ncaLayer.current = { signCms };
    await signInSdkFake();
    const { router } = renderPortal('/cabinet/company/add');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign with EDS' }));
    await waitFor(() => expect($companies.get().map((company) => company.bin)).toContain(FAKE_TEST_BIN));
    expect(signCms.mock.calls[0]?.[1]?.extKeyUsageOids).toEqual(['1.3.6.1.5.5.7.3.4', '1.2.398.3.3.4.1.2']);
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/cabinet/company/add'));
  });

  it('says NCALayer is not running, and stays', async () => {
    ncaLayer.current = {
      signCms: async () => {
        throw new ApiError(0, 'SIGNER_APP_NOT_RUNNING', 'x');
      },
    };
    await signInSdkFake();
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

  it.each([
    [
      'with params in the body, as the server answers',
      () => failure('RATE_LIMITED', 429, { retryAfter: 57 }),
    ],
    [
      'with only Retry-After, as a proxy answers',
      () => new Response('', { status: 429, headers: { 'retry-after': '57' } }),
    ],
  ])('says when to retry after a 429 %s, in every language', async (_how, answer) => {
    ncaLayer.current = { signCms: async () => [fakeCms('signed')] };
    await signInSdkFake((server) => server.on('POST', SIGNING_PATHS.attachBySignature, answer));
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
