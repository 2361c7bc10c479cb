import type { Meta, StoryObj } from '@storybook/react';
import { fakeAction, fakeFailure, onPhone } from '../story-support/story-fakes';
import { ProfileCard } from './ProfileCard';

// A drawn avatar, so the story needs no server.
const AVATAR = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 88 88"><rect width="88" height="88" fill="#1a5fd1"/><text x="44" y="56" font-size="36" text-anchor="middle" fill="#fff" font-family="sans-serif">AB</text></svg>',
)}`;

const profile = {
  email: 'aigerim@example.kz',
  firstname: 'Aigerim',
  lastname: 'Bekova',
  lang: 'kk' as const,
};

const meta = {
  title: 'Account/ProfileCard',
  component: ProfileCard,
  args: {
    profile,
    actions: {
      avatarUrl: () => AVATAR,
      uploadAvatar: fakeAction(undefined),
      updateProfile: fakeAction(profile),
    },
  },
} satisfies Meta<typeof ProfileCard>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A loaded profile with an avatar. */
export const Default: Story = {};

/** No avatar uploaded yet (the placeholder). */
export const WithoutAvatar: Story = {
  args: {
    actions: { avatarUrl: () => '', uploadAvatar: fakeAction(undefined), updateProfile: fakeAction(profile) },
  },
};

/** The server refuses the avatar. */
export const UploadRefused: Story = {
  args: {
    actions: {
      avatarUrl: () => AVATAR,
      uploadAvatar: fakeFailure(415, 'UNSUPPORTED_FILE_FORMAT', 'Файл пішіміне қолдау көрсетілмейді'),
      updateProfile: fakeAction(profile),
    },
  },
};

/** At phone width. */
export const OnPhone: Story = onPhone;
