/** Languages an invoice writes its total in words in: Russian and Kazakh, as Kazakh accounting documents do. */
export type AmountWordsLang = 'ru' | 'kk';

type Gender = 'masculine' | 'feminine';

interface Scale {
  /** Russian forms for 1, 2-4 and 5+ (тысяча, тысячи, тысяч). */
  ru: readonly [string, string, string];
  ruGender: Gender;
  kk: string;
}

// Thousands are feminine in Russian (одна тысяча, две тысячи); tenge, millions and billions masculine.
const SCALES: readonly Scale[] = [
  { ru: ['', '', ''], ruGender: 'masculine', kk: '' },
  { ru: ['тысяча', 'тысячи', 'тысяч'], ruGender: 'feminine', kk: 'мың' },
  { ru: ['миллион', 'миллиона', 'миллионов'], ruGender: 'masculine', kk: 'миллион' },
  { ru: ['миллиард', 'миллиарда', 'миллиардов'], ruGender: 'masculine', kk: 'миллиард' },
];

const RU_UNITS = ['', 'один', 'два', 'три', 'четыре', 'пять', 'шесть', 'семь', 'восемь', 'девять'];
const RU_UNITS_FEMININE = ['', 'одна', 'две'];
const RU_TEENS = [
  'десять',
  'одиннадцать',
  'двенадцать',
  'тринадцать',
  'четырнадцать',
  'пятнадцать',
  'шестнадцать',
  'семнадцать',
  'восемнадцать',
  'девятнадцать',
];
const RU_TENS = [
  '',
  '',
  'двадцать',
  'тридцать',
  'сорок',
  'пятьдесят',
  'шестьдесят',
  'семьдесят',
  'восемьдесят',
  'девяносто',
];
const RU_HUNDREDS = [
  '',
  'сто',
  'двести',
  'триста',
  'четыреста',
  'пятьсот',
  'шестьсот',
  'семьсот',
  'восемьсот',
  'девятьсот',
];

const KK_UNITS = ['', 'бір', 'екі', 'үш', 'төрт', 'бес', 'алты', 'жеті', 'сегіз', 'тоғыз'];
const KK_TENS = ['', 'он', 'жиырма', 'отыз', 'қырық', 'елу', 'алпыс', 'жетпіс', 'сексен', 'тоқсан'];

/** The Russian plural form index of `n`: 0 for 1 (21, 101...), 1 for 2-4, 2 otherwise (5-20, 11-14). */
function ruForm(n: number): 0 | 1 | 2 {
  const lastTwo = n % 100;
  const last = n % 10;
  if (lastTwo >= 11 && lastTwo <= 14) return 2;
  if (last === 1) return 0;
  if (last >= 2 && last <= 4) return 1;
  return 2;
}

function ruTriple(n: number, gender: Gender): string[] {
  const words = [RU_HUNDREDS[Math.floor(n / 100)] ?? ''];
  const rest = n % 100;
  if (rest >= 10 && rest < 20) words.push(RU_TEENS[rest - 10] ?? '');
  else {
    words.push(RU_TENS[Math.floor(rest / 10)] ?? '');
    const unit = rest % 10;
    words.push((gender === 'feminine' && unit <= 2 ? RU_UNITS_FEMININE[unit] : RU_UNITS[unit]) ?? '');
  }
  return words;
}

// Accounting style: "бір жүз", "бір мың" with the explicit "бір", as Kazakh invoices write it.
function kkTriple(n: number): string[] {
  const hundreds = Math.floor(n / 100);
  const words = hundreds > 0 ? [KK_UNITS[hundreds] ?? '', 'жүз'] : [];
  words.push(KK_TENS[Math.floor((n % 100) / 10)] ?? '', KK_UNITS[n % 10] ?? '');
  return words;
}

/** Whole tenge in words, lower case: "двадцать одна тысяча пятьсот", "жиырма бір мың бес жүз"; zero is "ноль" / "нөл". */
export function tengeInWords(tenge: number, lang: AmountWordsLang): string {
  if (!Number.isSafeInteger(tenge) || tenge < 0 || tenge >= 1e12) {
    throw new RangeError(`tengeInWords: ${tenge} is not a whole amount below a trillion`);
  }
  if (tenge === 0) return lang === 'ru' ? 'ноль' : 'нөл';
  const words: string[] = [];
  for (let scale = SCALES.length - 1; scale >= 0; scale -= 1) {
    const triple = Math.floor(tenge / 1000 ** scale) % 1000;
    if (triple === 0) continue;
    const info = SCALES[scale] as Scale;
    if (lang === 'ru') {
      words.push(...ruTriple(triple, info.ruGender), info.ru[ruForm(triple)]);
    } else {
      words.push(...kkTriple(triple), info.kk);
    }
  }
  return words.filter((word) => word !== '').join(' ');
}

/**
 * An invoice total in words, as Kazakh invoices write it: whole tenge in words, capitalised, then the tiyn in
 * figures. The amount is in tiyn (1 tenge = 100 tiyn), so no fractions are lost.
 *
 * @example amountInWords(2_150_000, 'ru') // 'Двадцать одна тысяча пятьсот тенге 00 тиын'
 * @example amountInWords(2_150_000, 'kk') // 'Жиырма бір мың бес жүз теңге 00 тиын'
 */
export function amountInWords(tiyn: number, lang: AmountWordsLang): string {
  if (!Number.isSafeInteger(tiyn) || tiyn < 0)
    throw new RangeError(`amountInWords: ${tiyn} is not a tiyn amount`);
  const words = tengeInWords(Math.floor(tiyn / 100), lang);
  const cents = String(tiyn % 100).padStart(2, '0');
  const currency = lang === 'ru' ? 'тенге' : 'теңге';
  return `${words.charAt(0).toUpperCase()}${words.slice(1)} ${currency} ${cents} тиын`;
}
