import type { Lang } from '@qoltanba/core';
import type { CodePurposeColumn } from '../../db/schema.js';

const SUBJECTS: Record<CodePurposeColumn, Record<Lang, string>> = {
  registration: {
    kk: 'Qoltanba: тіркелуді растау коды',
    ru: 'Qoltanba: код подтверждения регистрации',
    en: 'Qoltanba: registration code',
  },
  otp: { kk: 'Qoltanba: кіру коды', ru: 'Qoltanba: код для входа', en: 'Qoltanba: login code' },
  recovery: {
    kk: 'Qoltanba: құпиясөзді қалпына келтіру коды',
    ru: 'Qoltanba: код восстановления пароля',
    en: 'Qoltanba: password recovery code',
  },
  attach: {
    kk: 'Qoltanba: профильді қосу коды',
    ru: 'Qoltanba: код привязки профиля',
    en: 'Qoltanba: profile attachment code',
  },
};

const BODIES: Record<Lang, (code: string, minutes: number) => string> = {
  kk: (code, minutes) => `Qoltanba растау коды: ${code}. Код ${minutes} минут жарамды. Оны ешкімге айтпаңыз.`,
  ru: (code, minutes) =>
    `Код подтверждения Qoltanba: ${code}. Код действует ${minutes} минут. Никому его не сообщайте.`,
  en: (code, minutes) => `Your Qoltanba code: ${code}. It is valid for ${minutes} minutes. Do not share it.`,
};

/** The subject and text of a one-time-code message in the user's language. */
export function codeMessage(
  purpose: CodePurposeColumn,
  code: string,
  ttlSeconds: number,
  lang: Lang,
): { subject: string; text: string } {
  return { subject: SUBJECTS[purpose][lang], text: BODIES[lang](code, Math.round(ttlSeconds / 60)) };
}
