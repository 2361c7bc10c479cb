import type { EmbedSessionView, SignRequest } from '@qoltanba/core';
import { describe, expect, it, vi } from 'vitest';
import { isApiError } from '../api';
import type { NcaLayerClient } from '../signing/ncaLayerClient';
import { DEFAULT_SIGNING_CONFIG } from '../signing/signingConfig';
import type { EmbedClient } from './embedClient';
import { signWithEmbedSession } from './embedSigning';

// Only the parts of the view signing reads; the full view is the server's (contract-tested there).
const view = {
  purpose: 'sign',
  allowedOrigins: ['https://partner.example'],
  lang: null,
  document: {
    document: { files: [{ id: 11 }, { id: 12 }] },
    signer: { identityNumber: '920715401122' },
  },
} as unknown as EmbedSessionView;

function fakeClient() {
  const signed: SignRequest[] = [];
  const client = {
    downloadFile: vi.fn(async (fileId: number) => new Blob([`file ${fileId}`])),
    sign: vi.fn(async (request: SignRequest) => {
      signed.push(request);
      return { ...view, lang: 'ru' } as EmbedSessionView;
    }),
  } as unknown as EmbedClient;
  return { client, signed };
}

const ncaLayer = (answer: string[] | 'cancelled'): NcaLayerClient => ({ signCms: async () => answer });

describe('signWithEmbedSession', () => {
  it("downloads each file with the session, signs them as the session's signer and posts one CMS per file", async () => {
    const { client, signed } = fakeClient();
    const signCms = vi.fn<NcaLayerClient['signCms']>(async () => ['cms-a', 'cms-b']);
    const result = await signWithEmbedSession(client, view, {
      ncaLayer: { signCms },
      signingConfig: DEFAULT_SIGNING_CONFIG,
      lang: 'ru',
    });
    expect(result).toMatchObject({ lang: 'ru' });
    expect(client.downloadFile).toHaveBeenCalledTimes(2);
    expect(signCms.mock.calls[0]?.[1]).toMatchObject({ locale: 'ru' });
    expect(signed).toEqual([
      {
        signatures: [
          { fileId: 11, cms: 'cms-a' },
          { fileId: 12, cms: 'cms-b' },
        ],
        lang: 'ru',
      },
    ]);
  });

  it('posts nothing when the signer cancels in NCALayer', async () => {
    const { client, signed } = fakeClient();
    const signing = {
      ncaLayer: ncaLayer('cancelled'),
      signingConfig: DEFAULT_SIGNING_CONFIG,
      lang: 'kk' as const,
    };
    await expect(signWithEmbedSession(client, view, signing)).resolves.toBe('cancelled');
    expect(signed).toEqual([]);
  });

  it('refuses a session without a document (verify, create) with EMBED_PURPOSE_MISMATCH', async () => {
    const { client } = fakeClient();
    const signing = { ncaLayer: ncaLayer([]), signingConfig: DEFAULT_SIGNING_CONFIG, lang: 'en' as const };
    const error = await signWithEmbedSession(client, { ...view, document: null }, signing).catch((e) => e);
    expect(isApiError(error) && error.code).toBe('EMBED_PURPOSE_MISMATCH');
  });
});
