import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { createStatGovRegister } from './stat-gov-register.js';

const BASE = 'https://old.stat.gov.kz/api/juridical/counter/api/';
const fixture = async (name: string) =>
  JSON.parse(await readFile(new URL(`./fixtures/${name}.json`, import.meta.url), 'utf8')) as unknown;

/** A fetch that answers recorded responses by `bin` and `lang`, and records the URLs asked for. */
function recordedFetch(answers: Record<string, unknown>, status = 200) {
  const urls: string[] = [];
  const fetch = async (input: string | URL | Request) => {
    const url = new URL(String(input));
    urls.push(url.toString());
    const body = answers[`${url.searchParams.get('bin')}/${url.searchParams.get('lang')}`];
    return new Response(JSON.stringify(body ?? (await fixture('stat-gov-not-found'))), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  };
  return { fetch: fetch as typeof globalThis.fetch, urls };
}

describe('statistics register over HTTP', () => {
  it('reads a legal entity with its Russian and Kazakh names', async () => {
    const { fetch, urls } = recordedFetch({
      '990340005977/ru': await fixture('stat-gov-juridical-ru'),
      '990340005977/kk': await fixture('stat-gov-juridical-kk'),
    });
    const register = createStatGovRegister({ baseUrl: BASE, fetch });
    expect(await register.lookup('990340005977')).toEqual({
      bin: '990340005977',
      kind: 'legal',
      nameRu: 'ТОО «Альфа Логистик»',
      shortNameRu: null,
      nameKk: '«Альфа Логистик» ЖШС',
      shortNameKk: null,
    });
    expect(urls).toEqual([`${BASE}?bin=990340005977&lang=ru`, `${BASE}?bin=990340005977&lang=kk`]);
  });

  it('reads a sole proprietor (ip: true); the Kazakh name is optional', async () => {
    const { fetch } = recordedFetch({ '850312300459/ru': await fixture('stat-gov-sole-proprietor-ru') });
    const entry = await createStatGovRegister({ baseUrl: BASE, fetch }).lookup('850312300459');
    expect(entry).toMatchObject({
      kind: 'sole_proprietor',
      nameRu: 'ИП «Бекова Айгерим Сериковна»',
      nameKk: null,
    });
  });

  it('answers undefined for a number the register does not know', async () => {
    const { fetch } = recordedFetch({});
    expect(await createStatGovRegister({ baseUrl: BASE, fetch }).lookup('781105201234')).toBeUndefined();
  });

  it('answers SERVICE_UNAVAILABLE when the register fails or answers garbage, never "not found"', async () => {
    const failing = recordedFetch({}, 502).fetch;
    await expect(
      createStatGovRegister({ baseUrl: BASE, fetch: failing }).lookup('990340005977'),
    ).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
    });
    const garbage = recordedFetch({ '990340005977/ru': { success: 'yes' } }).fetch;
    await expect(
      createStatGovRegister({ baseUrl: BASE, fetch: garbage }).lookup('990340005977'),
    ).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
    });
    const offline = (async () => {
      throw new TypeError('fetch failed');
    }) as typeof globalThis.fetch;
    await expect(
      createStatGovRegister({ baseUrl: BASE, fetch: offline }).lookup('990340005977'),
    ).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
    });
  });
});
