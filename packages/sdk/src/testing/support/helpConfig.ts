import type { HelpConfig } from '@qoltanba/core';

/** The help configuration the fake answers unless told otherwise. */
export const FAKE_HELP_CONFIG: HelpConfig = {
  helpPages: {
    kk: 'http://qoltanba.test/kk/help',
    ru: 'http://qoltanba.test/ru/help',
    en: 'http://qoltanba.test/en/help',
  },
  whatsapp: 'https://wa.me/77010000000',
  telegram: 'https://t.me/qoltanba_support',
  chat: true,
};
