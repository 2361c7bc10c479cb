import type { Meta, StoryObj } from '@storybook/react';
import { onPhone } from '../story-support/story-fakes';
import { LanguageSwitch } from './LanguageSwitch';

const meta = {
  title: 'Widgets/LanguageSwitch',
  component: LanguageSwitch,
  args: { compact: false },
  argTypes: { locale: { control: 'inline-radio', options: ['kk', 'ru', 'en'] } },
} satisfies Meta<typeof LanguageSwitch>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Kazakh, the default language. */
export const Kazakh: Story = { args: { locale: 'kk' } };

/** Russian selected. */
export const Russian: Story = { args: { locale: 'ru' } };

/** English selected. */
export const English: Story = { args: { locale: 'en' } };

/** Short labels for a 390 px header. */
export const CompactOnPhone: Story = {
  args: { locale: 'kk', compact: true },
  ...onPhone,
};
