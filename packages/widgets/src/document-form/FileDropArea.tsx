import { mdiFileUploadOutline } from '@mdi/js';
import { type JSX, useId, useRef, useState } from 'react';
import { button, muted } from '../documents-common';
import { Icon } from '../icon';
import { dropZone } from './DocumentForm.css';

/** Props of {@link FileDropArea}. */
export interface FileDropAreaProps {
  /** The `accept` list of the file input. */
  accept: string;
  /** While true, nothing is taken (an upload is running). */
  disabled?: boolean;
  /** Texts in the current language: the drop hint, the choose button and the formats line. */
  texts: { drop: string; choose: string; formats: string };
  /** The files dropped or chosen, as one batch. */
  onFiles(files: File[]): void;
}

/**
 * A drop area with a "choose files" button: dropping is the pointer shortcut, the button (described by the formats
 * line) is the keyboard and screen-reader way. Shared by the document form and the verification drop zone.
 */
export function FileDropArea({ accept, disabled = false, texts, onFiles }: FileDropAreaProps): JSX.Element {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: dropping is a pointer shortcut; the "choose files" button inside is the keyboard and screen-reader way
    <div
      className={dropZone}
      data-dragging={dragging || undefined}
      onDragOver={(event) => {
        event.preventDefault();
        if (!disabled) setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(event) => {
        event.preventDefault();
        setDragging(false);
        onFiles(Array.from(event.dataTransfer?.files ?? []));
      }}
    >
      <Icon path={mdiFileUploadOutline} size={32} />
      <span>
        {texts.drop}{' '}
        <button
          type="button"
          className={button.quiet}
          aria-describedby={`${id}-formats`}
          aria-disabled={disabled || undefined}
          onClick={() => {
            if (!disabled) inputRef.current?.click();
          }}
        >
          {texts.choose}
        </button>
      </span>
      <span id={`${id}-formats`} className={muted}>
        {texts.formats}
      </span>
      <input
        ref={inputRef}
        type="file"
        multiple
        hidden
        tabIndex={-1}
        accept={accept}
        aria-label={texts.choose}
        onChange={(event) => {
          onFiles(Array.from(event.target.files ?? []));
          event.target.value = '';
        }}
      />
    </div>
  );
}
