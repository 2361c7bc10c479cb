import { describe, expect, it } from 'vitest';
import { portalTranslations } from './portalTranslations';
import { portalT } from './usePortalT';

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [[`${prefix}${key}`, value] as [string, string]]
      : leaves(value, `${prefix}${key}.`),
  );
}

describe('portal translations', () => {
  const kk = leaves(portalTranslations.kk);
  const ru = leaves(portalTranslations.ru);
  const en = leaves(portalTranslations.en);

  it('have the same keys in every language, all non-empty', () => {
    expect(ru.map(([key]) => key)).toEqual(kk.map(([key]) => key));
    expect(en.map(([key]) => key)).toEqual(kk.map(([key]) => key));
    for (const [, text] of [...kk, ...ru, ...en]) expect(text.trim()).not.toBe('');
  });

  it('Kazakh is its own text, not a copy of Russian', () => {
    const ruByKey = new Map(ru);
    const same = kk.filter(([key, text]) => ruByKey.get(key) === text && !text.includes('Qoltanba'));
    expect(same).toEqual([]);
    expect(kk.some(([, text]) => /[әғқңөұүһі]/i.test(text))).toBe(true);
  });

  it('resolve through the sdk i18n with interpolation', () => {
    expect(portalT('en')('docs.snack.moved', { name: 'Acts' })).toBe(
      'The document was moved to the folder “Acts”',
    );
    expect(portalT('kk')('nav.tariffs')).toBe('Тарифтер');
    expect(portalT('ru')('titles.Incoming')).toBe('Входящие');
  });
});
