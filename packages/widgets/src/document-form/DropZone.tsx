import { mdiFileUploadOutline } from '@mdi/js';
import { type DragEvent, type JSX, useId, useRef, useState } from 'react';
import { button, muted } from '../documents-common';
import { Icon } from '../icon';
import { dropZone } from './DocumentForm.css';

/** Props of {@link DropZone}. */
export interface DropZoneProps {
  /** Files dropped or chosen (never an empty list); not called while disabled. */
  onFiles: (files: File[]) => void;
  disabled?: boolean;
  /** The picker's `accept` attribute; absent, any file. */
  accept?: string;
  /** "Drag files here or", the button's "choose files" and the formats line, in the user's language. */
  texts: { drop: string; choose: string; formats: string };
}

/**
 * A drop zone with a "choose files" button (the keyboard's way in) and a hidden multiple-file picker: the one
 * piece the document form's files and the signature verification share.
 *
 * @example <DropZone accept=".pdf" texts={texts} onFiles={(files) => add(files)} />
 */
export function DropZone({ onFiles, disabled = false, accept, texts }: DropZoneProps): JSX.Element {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);

  const take = (picked: File[]): void => {
    if (!disabled && picked.length > 0) onFiles(picked);
  };
  const onDrop = (event: DragEvent<HTMLDivElement>): void => {
    event.preventDefault();
    setDragging(false);
    take(Array.from(event.dataTransfer?.files ?? []));
  };

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
      onDrop={onDrop}
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
          take(Array.from(event.target.files ?? []));
          event.target.value = '';
        }}
      />
    </div>
  );
}
