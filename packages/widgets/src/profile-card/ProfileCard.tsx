import { mdiAccountCircle } from '@mdi/js';
import { useStore } from '@nanostores/react';
import { AVATAR_MAX_BYTES, AVATAR_MIME_TYPES, type Lang, type Profile } from '@qoltanba/core';
import { $avatarVersion, $locale, $profile, avatarUrl, updateProfile, uploadAvatar } from '@qoltanba/sdk';
import { type ChangeEvent, type FormEvent, type JSX, useEffect, useId, useRef, useState } from 'react';
import {
  errorText,
  FormAlert,
  form,
  heading,
  personNameError,
  type ShownError,
  SubmitButton,
  secondaryButton,
  shownErrorOf,
  status as statusClass,
  TextField,
  useFormStatus,
} from '../form';
import { Icon } from '../icon';
import { LanguageSwitch } from '../language-switch';
import {
  avatar,
  avatarActions,
  avatarRow,
  buttons,
  card,
  facts,
  languageSwitch,
  section,
  sectionTitle,
  term,
  value,
} from './ProfileCard.css';
import { profileCardT } from './texts';

/** The sdk calls {@link ProfileCard} makes; stories and tests pass fakes. */
export interface ProfileActions {
  updateProfile: typeof updateProfile;
  uploadAvatar: typeof uploadAvatar;
  avatarUrl: typeof avatarUrl;
}

/** Props of {@link ProfileCard}. */
export interface ProfileCardProps {
  /** The profile to show; the sdk's `$profile` by default. */
  profile?: Profile;
  /** Replaces sdk actions (all default to the sdk's). */
  actions?: Partial<ProfileActions>;
  /** Called when the user picks another interface language. */
  onLanguageChange?: (lang: Lang) => void;
  className?: string;
}

const defaultActions: ProfileActions = { updateProfile, uploadAvatar, avatarUrl };

/** The client-side check of an avatar file: type by AVATAR_MIME_TYPES and size by AVATAR_MAX_BYTES. */
export function avatarFileError(file: Blob): ShownError | undefined {
  if (!(AVATAR_MIME_TYPES as readonly string[]).includes(file.type))
    return { code: 'UNSUPPORTED_FILE_FORMAT' };
  if (file.size > AVATAR_MAX_BYTES) return { code: 'AVATAR_TOO_LARGE' };
  return undefined;
}

// The avatar address, or undefined when the session is not started (the sdk throws then).
function safeAvatarUrl(read: () => string): string | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}

type NameField = 'firstname' | 'lastname';

/**
 * The user's profile: avatar (upload of PNG, JPEG or WebP up to 1 MiB, checked before sending), first and
 * last name (editable), e-mail, and the interface language.
 *
 * @example <ProfileCard onLanguageChange={(lang) => track('lang', lang)} />
 */
export function ProfileCard({
  profile: profileProp,
  actions,
  onLanguageChange,
  className,
}: ProfileCardProps): JSX.Element {
  const act = { ...defaultActions, ...actions };
  const lang = useStore($locale);
  const t = profileCardT(lang);
  const storeProfile = useStore($profile);
  const avatarVersion = useStore($avatarVersion);
  const profile = profileProp ?? storeProfile;
  const titleId = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const editRef = useRef<HTMLButtonElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const names = useFormStatus<NameField>(formRef);
  const [editing, setEditing] = useState(false);
  const [firstname, setFirstname] = useState('');
  const [lastname, setLastname] = useState('');
  const [saved, setSaved] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [uploads, setUploads] = useState(0);
  const [photoError, setPhotoError] = useState<ShownError>();
  const [photoUpdated, setPhotoUpdated] = useState(false);
  const [imageFailed, setImageFailed] = useState(false);
  const returnFocus = useRef(false);
  const text = (error: ShownError | undefined) => (error ? errorText(error, lang) : undefined);

  // Focus goes back to the edit button after saving or cancelling, once the button is there again.
  useEffect(() => {
    if (!editing && returnFocus.current) {
      returnFocus.current = false;
      editRef.current?.focus();
    }
  }, [editing]);

  // A new upload (here or anywhere) gives the image another chance to load.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the dependencies are the triggers
  useEffect(() => setImageFailed(false), [avatarVersion, uploads]);

  if (!profile) {
    return (
      <section
        className={className ? `${card} ${className}` : card}
        aria-busy="true"
        aria-labelledby={titleId}
      >
        <h2 id={titleId} className={heading}>
          {t('title')}
        </h2>
        <p role="status">{t('loading')}</p>
      </section>
    );
  }

  const startEditing = (): void => {
    setFirstname(profile.firstname);
    setLastname(profile.lastname);
    setSaved(false);
    names.reset();
    setEditing(true);
  };

  const stopEditing = (): void => {
    returnFocus.current = true;
    setEditing(false);
  };

  const saveNames = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    if (names.busy) return;
    if (!names.validate({ firstname: personNameError(firstname), lastname: personNameError(lastname) }))
      return;
    const done = await names.submit(() =>
      act.updateProfile({ firstname: firstname.trim(), lastname: lastname.trim() }),
    );
    if (!done.ok) return;
    setSaved(true);
    stopEditing();
  };

  const choosePhoto = async (event: ChangeEvent<HTMLInputElement>): Promise<void> => {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same file again still fires a change.
    event.target.value = '';
    if (!file || uploading) return;
    setPhotoUpdated(false);
    const problem = avatarFileError(file);
    setPhotoError(problem);
    if (problem) return;
    setUploading(true);
    try {
      await act.uploadAvatar(file);
      setUploads((n) => n + 1);
      setPhotoUpdated(true);
    } catch (failure) {
      setPhotoError(shownErrorOf(failure));
    } finally {
      setUploading(false);
    }
  };

  const src = imageFailed ? undefined : safeAvatarUrl(act.avatarUrl);
  return (
    <section className={className ? `${card} ${className}` : card} aria-labelledby={titleId}>
      <h2 id={titleId} className={heading}>
        {t('title')}
      </h2>
      <div className={avatarRow}>
        {src ? (
          <img
            key={`${avatarVersion}-${uploads}`}
            className={avatar}
            src={src}
            alt={t('avatarAlt')}
            width={88}
            height={88}
            onError={() => setImageFailed(true)}
          />
        ) : (
          <Icon path={mdiAccountCircle} label={t('avatarAlt')} size={88} className={avatar} />
        )}
        <div className={avatarActions}>
          <button
            type="button"
            className={secondaryButton}
            aria-busy={uploading || undefined}
            aria-disabled={uploading || undefined}
            onClick={() => {
              if (!uploading) fileRef.current?.click();
            }}
          >
            {uploading ? t('uploading') : t('changePhoto')}
          </button>
          <input
            ref={fileRef}
            type="file"
            accept={AVATAR_MIME_TYPES.join(',')}
            hidden
            aria-label={t('changePhoto')}
            onChange={(event) => void choosePhoto(event)}
          />
          <span className={statusClass}>{t('photoHint')}</span>
          <FormAlert message={text(photoError)} />
          <span role="status" className={statusClass}>
            {photoUpdated ? t('photoUpdated') : ''}
          </span>
        </div>
      </div>
      {editing ? (
        <form ref={formRef} className={form} noValidate onSubmit={(event) => void saveNames(event)}>
          <TextField
            label={t('firstname')}
            value={firstname}
            onValueChange={(v) => {
              setFirstname(v);
              names.clearError('firstname');
            }}
            error={text(names.errors.firstname)}
            autoComplete="given-name"
            autoFocus
          />
          <TextField
            label={t('lastname')}
            value={lastname}
            onValueChange={(v) => {
              setLastname(v);
              names.clearError('lastname');
            }}
            error={text(names.errors.lastname)}
            autoComplete="family-name"
          />
          <FormAlert message={text(names.alert)} />
          <div className={buttons}>
            <SubmitButton busy={names.busy} className={secondaryButton}>
              {t('save')}
            </SubmitButton>
            <button type="button" className={secondaryButton} onClick={stopEditing}>
              {t('cancel')}
            </button>
          </div>
        </form>
      ) : (
        <div className={section}>
          <dl className={facts}>
            <dt className={term}>{t('firstname')}</dt>
            <dd className={value}>{profile.firstname}</dd>
            <dt className={term}>{t('lastname')}</dt>
            <dd className={value}>{profile.lastname}</dd>
            <dt className={term}>{t('email')}</dt>
            <dd className={value}>{profile.email}</dd>
          </dl>
          <div className={buttons}>
            <button ref={editRef} type="button" className={secondaryButton} onClick={startEditing}>
              {t('editNames')}
            </button>
          </div>
          <span role="status" className={statusClass}>
            {saved ? t('saved') : ''}
          </span>
        </div>
      )}
      <div className={section}>
        <h3 className={sectionTitle}>{t('language')}</h3>
        <LanguageSwitch className={languageSwitch} onLanguageChange={onLanguageChange} />
      </div>
    </section>
  );
}
