import { describe, expect, it } from 'vitest';
import { companyDisplayName, shortenLegalForm } from './display-name';

describe('shortenLegalForm', () => {
  it.each([
    ['Товарищество с ограниченной ответственностью "Ромашка"', 'ТОО "Ромашка"'],
    ['Товарищество с ограниченной ответственностью «Ромашка»', 'ТОО «Ромашка»'],
    ['ТОВАРИЩЕСТВО С ОГРАНИЧЕННОЙ ОТВЕТСТВЕННОСТЬЮ «Ромашка»', 'ТОО «Ромашка»'],
    ['товарищество  с ограниченной\nответственностью Ромашка', 'ТОО Ромашка'],
    ['Акционерное общество "Казахтелеком"', 'АО "Казахтелеком"'],
    ['акционерное ОБЩЕСТВО «Тест»', 'АО «Тест»'],
    ['«Товарищество с ограниченной ответственностью» «Ромашка»', 'ТОО «Ромашка»'],
    ['"Акционерное общество" "Тест"', 'АО "Тест"'],
    ['“Акционерное общество” Тест', 'АО Тест'],
    ['Филиал акционерного общества "Тест"', 'Филиал акционерного общества "Тест"'],
    ['Жауапкершілігі шектеулі серіктестік «Нұр»', 'ЖШС «Нұр»'],
    ['«Тест» акционерлік қоғамы', '«Тест» акционерлік қоғамы'],
    ['«Тест» Акционерлік қоғам', '«Тест» АҚ'],
    ['ТОО "Уже коротко"', 'ТОО "Уже коротко"'],
    ['  ИП Иванов  ', 'ИП Иванов'],
  ])('%j -> %j', (input, expected) => {
    expect(shortenLegalForm(input)).toBe(expected);
  });

  it('does not touch a form that is part of a longer word', () => {
    expect(shortenLegalForm('Сверхакционерное общество')).toBe('Сверхакционерное общество');
  });

  it('is idempotent', () => {
    const once = shortenLegalForm('Товарищество с ограниченной ответственностью «Ромашка»');
    expect(shortenLegalForm(once)).toBe(once);
  });
});

describe('companyDisplayName', () => {
  it('prefers the short name', () => {
    expect(companyDisplayName({ nameRu: 'Акционерное общество "Тест"', shortNameRu: 'АО «Тест»' })).toBe(
      'АО «Тест»',
    );
  });

  it('shortens the full name when there is no short name', () => {
    expect(companyDisplayName({ nameRu: 'Акционерное общество "Тест"', shortNameRu: null })).toBe(
      'АО "Тест"',
    );
    expect(companyDisplayName({ nameRu: 'Акционерное общество "Тест"', shortNameRu: '  ' })).toBe(
      'АО "Тест"',
    );
    expect(companyDisplayName({ nameRu: 'Товарищество с ограниченной ответственностью "Х"' })).toBe(
      'ТОО "Х"',
    );
  });

  it('is empty when nothing is known', () => {
    expect(companyDisplayName({})).toBe('');
    expect(companyDisplayName({ nameRu: null, shortNameRu: null })).toBe('');
  });
});

describe('companyDisplayName in Kazakh', () => {
  const company = {
    nameRu: 'Товарищество с ограниченной ответственностью "Береке"',
    shortNameRu: null,
    nameKk: '"Береке" Жауапкершілігі шектеулі серіктестік',
    shortNameKk: null,
  };

  it('uses the Kazakh names for kk, shortened the same way', () => {
    expect(companyDisplayName({ ...company, shortNameKk: '"Береке" ЖШС' }, 'kk')).toBe('"Береке" ЖШС');
    expect(companyDisplayName(company, 'kk')).toBe('"Береке" ЖШС');
  });

  it('falls back to Russian when the register has no Kazakh name, and uses Russian for ru and en', () => {
    expect(companyDisplayName({ ...company, nameKk: null }, 'kk')).toBe('ТОО "Береке"');
    expect(companyDisplayName(company, 'ru')).toBe('ТОО "Береке"');
    expect(companyDisplayName(company, 'en')).toBe('ТОО "Береке"');
  });
});
