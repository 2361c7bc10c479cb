import { LANGS, type Lang } from '@qoltanba/core';
import { setLocale } from '@qoltanba/sdk';
import { lightTheme } from '@qoltanba/widgets';
import type { Preview } from '@storybook/react';
import { type ReactNode, useLayoutEffect } from 'react';

// Sets the sdk's locale from the story's `locale` global before paint; without one the locale is left alone.
function StoryLocale({ lang, children }: { lang: Lang | undefined; children: ReactNode }) {
  useLayoutEffect(() => {
    if (lang) setLocale(lang);
  }, [lang]);
  return children;
}

const LANGUAGE_TITLES: Record<Lang, string> = { kk: 'Қазақша', ru: 'Русский', en: 'English' };

/**
 * Wraps every story in the light theme, as the portal and the custom elements do. The toolbar's language
 * switch (the `locale` global; a story may fix it with `globals: { locale: 'ru' }`) sets the sdk locale.
 */
const preview: Preview = {
  globalTypes: {
    locale: {
      description: 'Interface language',
      toolbar: {
        title: 'Language',
        icon: 'globe',
        items: LANGS.map((lang) => ({ value: lang, title: LANGUAGE_TITLES[lang] })),
        dynamicTitle: true,
      },
    },
  },
  decorators: [
    (Story, context) => (
      <StoryLocale lang={LANGS.find((lang) => lang === context.globals.locale)}>
        <div className={lightTheme} style={{ padding: 16 }}>
          <Story />
        </div>
      </StoryLocale>
    ),
  ],
  parameters: { layout: 'fullscreen' },
};

export default preview;
