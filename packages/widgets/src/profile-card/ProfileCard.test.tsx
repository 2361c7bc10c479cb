import type { Profile } from '@qoltanba/core';
import { $locale, ApiError, setLocale } from '@qoltanba/sdk';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { inputNamed, pressEnter, typeInto } from '../form/test-helpers';
import { expectNoAxeViolations } from '../test-support/axe';
import { itRendersStoriesAccessibly } from '../test-support/stories';
import { avatarFileError, type ProfileActions, ProfileCard } from './ProfileCard';
import { languageSwitch } from './ProfileCard.css';
import * as stories from './ProfileCard.stories';

const profile: Profile = {
  email: 'aigerim@example.kz',
  firstname: 'Aigerim',
  lastname: 'Bekova',
  lang: 'kk',
};

function fakeActions(overrides: Partial<ProfileActions> = {}) {
  return {
    updateProfile: vi.fn<ProfileActions['updateProfile']>(async (input) => ({ ...profile, ...input })),
    uploadAvatar: vi.fn<ProfileActions['uploadAvatar']>(async () => {}),
    avatarUrl: vi.fn(() => 'https://qoltanba.test/avatar?v=0'),
    ...overrides,
  };
}

const image = (type: string, bytes: number) => new File([new Uint8Array(bytes)], 'photo', { type });

function chooseFile(file: File) {
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  fireEvent.change(input);
}

describe('avatarFileError', () => {
  it('takes PNG, JPEG and WebP up to 1 MiB', () => {
    expect(avatarFileError(image('image/png', 1024 * 1024))).toBeUndefined();
    expect(avatarFileError(image('image/jpeg', 10))).toBeUndefined();
    expect(avatarFileError(image('image/webp', 10))).toBeUndefined();
    expect(avatarFileError(image('image/png', 1024 * 1024 + 1))).toEqual({ code: 'AVATAR_TOO_LARGE' });
    expect(avatarFileError(image('image/gif', 10))).toEqual({ code: 'UNSUPPORTED_FILE_FORMAT' });
  });
});

describe('ProfileCard', () => {
  beforeEach(() => setLocale('en'));

  it('shows the names, e-mail, avatar and the language switch', () => {
    render(<ProfileCard profile={profile} actions={fakeActions()} />);
    expect(screen.getByRole('region', { name: 'Profile' })).toBeTruthy();
    expect(screen.getByText('Aigerim')).toBeTruthy();
    expect(screen.getByText('Bekova')).toBeTruthy();
    expect(screen.getByText('aigerim@example.kz')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Profile photo' }).getAttribute('src')).toBe(
      'https://qoltanba.test/avatar?v=0',
    );
    expect(screen.getByRole('group', { name: 'Choose a language' })).toBeTruthy();
    const file = document.querySelector('input[type="file"]');
    expect(file?.getAttribute('accept')).toBe('image/png,image/jpeg,image/webp');
  });

  it('keeps the language switch to its own width instead of stretching it across the card', () => {
    render(<ProfileCard profile={profile} actions={fakeActions()} />);
    expect(screen.getByRole('group', { name: 'Choose a language' }).classList).toContain(languageSwitch);
  });

  it('says it is loading while there is no profile', () => {
    render(<ProfileCard actions={fakeActions()} />);
    expect(screen.getByRole('status').textContent).toBe('Loading the profile…');
  });

  it('edits the names: trims them, saves, and returns focus to the edit button', async () => {
    const actions = fakeActions();
    render(<ProfileCard profile={profile} actions={actions} />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit name' }));
    expect(document.activeElement).toBe(inputNamed('First name'));
    expect(inputNamed('First name').value).toBe('Aigerim');
    typeInto('First name', '  Aigerim  ');
    typeInto('Last name', 'Bekova-Sultan ');
    pressEnter(inputNamed('Last name'));
    await waitFor(() => expect(screen.getByText('Changes saved')).toBeTruthy());
    expect(actions.updateProfile).toHaveBeenCalledExactlyOnceWith({
      firstname: 'Aigerim',
      lastname: 'Bekova-Sultan',
    });
    // Focus moves in a passive effect after the commit that shows "Changes saved": wait for it.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit name' })),
    );
  });

  it.each([
    ['en', 'Fill in this field'],
    ['ru', 'Заполните это поле'],
    ['kk', 'Осы өрісті толтырыңыз'],
  ] as const)('refuses an empty name in %s', async (lang, required) => {
    setLocale(lang);
    const actions = fakeActions();
    render(<ProfileCard profile={profile} actions={actions} />);
    fireEvent.click(screen.getAllByRole('button')[1] as HTMLElement);
    const [first] = screen.getAllByRole('textbox') as HTMLInputElement[];
    fireEvent.change(first as HTMLInputElement, { target: { value: '   ' } });
    pressEnter(first as HTMLInputElement);
    await waitFor(() => expect(screen.getByText(required)).toBeTruthy());
    expect(first?.getAttribute('aria-invalid')).toBe('true');
    expect(actions.updateProfile).not.toHaveBeenCalled();
  });

  it('shows a failed save in the alert and keeps the form', async () => {
    const actions = fakeActions({
      updateProfile: vi.fn(async () => {
        throw new ApiError(503, 'SERVICE_UNAVAILABLE', 'down');
      }),
    });
    render(<ProfileCard profile={profile} actions={actions} />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit name' }));
    typeInto('First name', 'Aika');
    pressEnter(inputNamed('First name'));
    await waitFor(() => expect(screen.getAllByRole('alert').some((a) => a.textContent !== '')).toBe(true));
    expect(inputNamed('First name').value).toBe('Aika');
  });

  it('cancels editing without saving', () => {
    const actions = fakeActions();
    render(<ProfileCard profile={profile} actions={actions} />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit name' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(actions.updateProfile).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit name' }));
  });

  it('uploads a valid avatar with a busy state, then reports it', async () => {
    let finish = () => {};
    const actions = fakeActions({
      uploadAvatar: vi.fn(() => new Promise<void>((resolve) => (finish = resolve))),
    });
    render(<ProfileCard profile={profile} actions={actions} />);
    const file = image('image/png', 2048);
    chooseFile(file);
    const button = screen.getByRole('button', { name: 'Uploading…' });
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(actions.uploadAvatar).toHaveBeenCalledExactlyOnceWith(file);
    await act(async () => finish());
    expect(screen.getByRole('button', { name: 'Change photo' }).getAttribute('aria-busy')).toBeNull();
    expect(screen.getByText('Photo updated')).toBeTruthy();
  });

  it.each([
    ['en', 'image/png', 2 * 1024 * 1024, 'The image must not exceed 1 MB'],
    ['ru', 'image/png', 2 * 1024 * 1024, 'Размер изображения не должен превышать 1 МБ'],
    ['kk', 'image/gif', 10, 'Файл пішіміне қолдау көрсетілмейді'],
  ] as const)('refuses a bad file before sending it (%s %s)', (lang, type, size, message) => {
    setLocale(lang);
    const actions = fakeActions();
    render(<ProfileCard profile={profile} actions={actions} />);
    chooseFile(image(type, size));
    expect(actions.uploadAvatar).not.toHaveBeenCalled();
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain(message);
  });

  it('shows the server refusing the avatar', async () => {
    const actions = fakeActions({
      uploadAvatar: vi.fn(async () => {
        throw new ApiError(413, 'PAYLOAD_TOO_LARGE', 'too large');
      }),
    });
    render(<ProfileCard profile={profile} actions={actions} />);
    chooseFile(image('image/jpeg', 100));
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain('The request is too large'),
    );
  });

  it('falls back to a placeholder when there is no avatar address', () => {
    render(
      <ProfileCard
        profile={profile}
        actions={fakeActions({
          avatarUrl: () => {
            throw new Error('no session');
          },
        })}
      />,
    );
    expect(screen.getByRole('img', { name: 'Profile photo' }).tagName.toLowerCase()).toBe('svg');
  });

  it('switches the language and reports it', () => {
    const onLanguageChange = vi.fn();
    render(<ProfileCard profile={profile} actions={fakeActions()} onLanguageChange={onLanguageChange} />);
    fireEvent.click(screen.getByRole('button', { name: 'Русский' }));
    expect($locale.get()).toBe('ru');
    expect(onLanguageChange).toHaveBeenCalledWith('ru');
    expect(screen.getByRole('button', { name: 'Изменить имя' })).toBeTruthy();
  });

  it('has no axe violations, viewing and editing', async () => {
    const { container } = render(<ProfileCard profile={profile} actions={fakeActions()} />);
    await expectNoAxeViolations(container);
    fireEvent.click(screen.getByRole('button', { name: 'Edit name' }));
    await expectNoAxeViolations(container);
  });
});

describe('ProfileCard stories', () => {
  beforeEach(() => setLocale('kk'));

  itRendersStoriesAccessibly(stories, () =>
    expect(screen.getByRole('img', { name: 'Профиль суреті' })).toBeTruthy(),
  );
});
