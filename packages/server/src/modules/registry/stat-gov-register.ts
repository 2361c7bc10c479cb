import { AppError, type RegistryEntry } from '@qoltanba/core';
import { z } from 'zod';
import type { StatisticsRegister } from './registers.js';

/** The part of the statistics register's answer we read (it carries many more fields: OKED, KATO, ...). */
const juridicalResponseSchema = z.object({
  success: z.boolean(),
  obj: z
    .object({
      bin: z.string(),
      name: z.string().nullish(),
      fio: z.string().nullish(),
      ip: z.boolean().nullish(),
    })
    .nullish(),
  description: z.string().nullish(),
});

/** Options of {@link createStatGovRegister}. */
export interface StatGovRegisterOptions {
  /** e.g. `https://old.stat.gov.kz/api/juridical/counter/api/` (QOLTANBA_STAT_REGISTER_URL). */
  baseUrl: string;
  /** Injected in tests; the global fetch otherwise. */
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/**
 * The public statistics register of Kazakhstan over HTTP: `GET <baseUrl>?bin=<bin>&lang=ru|kk`, answering
 * `{success, obj: {bin, name, fio, ip, katoAddress, okedName, registerDate, ...}, description}`. Russian and
 * Kazakh names come from two requests; `ip: true` marks a sole proprietor. An unreachable or malformed
 * register is 503 SERVICE_UNAVAILABLE, never a false "not found".
 */
export function createStatGovRegister(options: StatGovRegisterOptions): StatisticsRegister {
  const fetcher = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? 5000;

  async function request(bin: string, lang: 'ru' | 'kk') {
    const url = new URL(options.baseUrl);
    url.searchParams.set('bin', bin);
    url.searchParams.set('lang', lang);
    let body: unknown;
    try {
      const response = await fetcher(url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) throw new Error(`statistics register answered ${response.status}`);
      body = await response.json();
    } catch (error) {
      throw new AppError('SERVICE_UNAVAILABLE', undefined, { cause: error });
    }
    const parsed = juridicalResponseSchema.safeParse(body);
    if (!parsed.success) throw new AppError('SERVICE_UNAVAILABLE', undefined, { cause: parsed.error });
    const record = parsed.data.obj;
    return parsed.data.success && record && record.bin === bin ? record : undefined;
  }

  return {
    async lookup(identityNumber): Promise<RegistryEntry | undefined> {
      const russian = await request(identityNumber, 'ru');
      const nameRu = russian?.name?.trim() || russian?.fio?.trim();
      if (!russian || !nameRu) return undefined;
      // The Kazakh name is a nicety: the company is still found when that request fails.
      const kazakh = await request(identityNumber, 'kk').catch(() => undefined);
      return {
        bin: identityNumber,
        kind: russian.ip ? 'sole_proprietor' : 'legal',
        nameRu,
        shortNameRu: null,
        nameKk: kazakh?.name?.trim() || null,
        shortNameKk: null,
      };
    },
  };
}
