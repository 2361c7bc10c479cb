import { helpPagePath, LANGS, type Lang } from '@qoltanba/core';
import { z } from 'zod';
import type { Config } from '../../config/config.js';
import { type EnvValues, envFlag, envInteger, envUrl, unsetWhenEmpty } from '../../config/env-fields.js';

/** A WhatsApp number (international, digits with optional +, spaces, dashes, brackets) or wa.me link -> wa.me link. */
const whatsappLink = z
  .string()
  .transform((value) =>
    value
      .trim()
      .replace(/^https:\/\/wa\.me\//, '')
      .replace(/[\s()+-]/g, ''),
  )
  .refine(
    (digits) => /^[1-9][0-9]{6,14}$/.test(digits),
    'must be an international phone number or https://wa.me/<digits>',
  )
  .transform((digits) => `https://wa.me/${digits}`);

/** A Telegram username (with or without @) or t.me link -> t.me link. */
const telegramLink = z
  .string()
  .transform((value) =>
    value
      .trim()
      .replace(/^https:\/\/t\.me\//, '')
      .replace(/^@/, ''),
  )
  .refine(
    (name) => /^[A-Za-z][A-Za-z0-9_]{4,31}$/.test(name),
    'must be a Telegram username or https://t.me/<name>',
  )
  .transform((name) => `https://t.me/${name}`);

/** The support module's variables: the help widget's pages and messenger links, the chat switch, retention. */
export const supportEnv = {
  QOLTANBA_HELP_URL_KK: envUrl(/^https?$/),
  QOLTANBA_HELP_URL_RU: envUrl(/^https?$/),
  QOLTANBA_HELP_URL_EN: envUrl(/^https?$/),
  QOLTANBA_SUPPORT_WHATSAPP: unsetWhenEmpty(whatsappLink.optional()),
  QOLTANBA_SUPPORT_TELEGRAM: unsetWhenEmpty(telegramLink.optional()),
  QOLTANBA_SUPPORT_CHAT: envFlag(true),
  QOLTANBA_SUPPORT_RETENTION_DAYS: envInteger({ min: 0, max: 36_500 }, 365),
};

/** The support settings of {@link supportEnv}'s values; help pages default to `<publicUrl>/help/<lang>`. */
export function supportSettings(
  e: EnvValues<typeof supportEnv>,
  publicUrl: string,
): Pick<Config, 'support' | 'supportRetentionDays'> {
  const helpUrls: Record<Lang, string | undefined> = {
    kk: e.QOLTANBA_HELP_URL_KK,
    ru: e.QOLTANBA_HELP_URL_RU,
    en: e.QOLTANBA_HELP_URL_EN,
  };
  return {
    support: {
      helpPages: Object.fromEntries(
        LANGS.map((lang) => [lang, helpUrls[lang] ?? `${publicUrl}${helpPagePath(lang)}`]),
      ) as Record<Lang, string>,
      whatsapp: e.QOLTANBA_SUPPORT_WHATSAPP ?? null,
      telegram: e.QOLTANBA_SUPPORT_TELEGRAM ?? null,
      chat: e.QOLTANBA_SUPPORT_CHAT,
    },
    supportRetentionDays: e.QOLTANBA_SUPPORT_RETENTION_DAYS,
  };
}
