import type { Meta, StoryObj } from '@storybook/react';
import { type ComponentProps, useEffect, useState } from 'react';
import { ACTING, PARTIES, SAMPLE_COUNTERPARTIES } from '../story-support/document-fixtures';
import { DocumentFormOnDraft } from '../story-support/draft-form';
import { fakeAction, fakeFailure, onPhone } from '../story-support/story-fakes';
import { inEnglish, inRussian } from '../story-support/story-locales';
import type { UploadItem } from './upload-model';

const uploaded: UploadItem[] = [
  { key: 'f1', name: 'dogovor-postavki.pdf', size: 482_133, state: { status: 'done', fileId: 11 } },
  { key: 'f2', name: 'prilozhenie-1.docx', size: 1_874_000, state: { status: 'done', fileId: 12 } },
];

// Uploads advance 10 % every 300 ms, as the sdk's draft editor would report them.
function Stateful(props: ComponentProps<typeof DocumentFormOnDraft>) {
  const [files, setFiles] = useState<UploadItem[]>([...props.files]);
  const uploading = files.some((file) => file.state.status === 'uploading');
  useEffect(() => {
    if (!uploading) return;
    const timer = setInterval(() => {
      setFiles((list) =>
        list.map((file): UploadItem => {
          if (file.state.status !== 'uploading') return file;
          const progress = file.state.progress + 0.1;
          return {
            ...file,
            state: progress >= 1 ? { status: 'done', fileId: 1 } : { status: 'uploading', progress },
          };
        }),
      );
    }, 300);
    return () => clearInterval(timer);
  }, [uploading]);
  return (
    <DocumentFormOnDraft
      {...props}
      files={files}
      onAddFiles={(picked) =>
        setFiles((list) => [
          ...list,
          ...picked.map(
            (file, index): UploadItem => ({
              key: `${Date.now()}-${index}`,
              name: file.name,
              size: file.size,
              state: { status: 'uploading', progress: 0 },
            }),
          ),
        ])
      }
      onCancelUpload={(key) => setFiles((list) => list.filter((file) => file.key !== key))}
      onRemoveFile={(key) => setFiles((list) => list.filter((file) => file.key !== key))}
      onRetryUpload={(key) =>
        setFiles((list) =>
          list.map(
            (file): UploadItem =>
              file.key === key ? { ...file, state: { status: 'uploading', progress: 0 } } : file,
          ),
        )
      }
    />
  );
}

const meta = {
  title: 'Documents/DocumentForm',
  component: DocumentFormOnDraft,
  args: {
    files: [],
    onAddFiles: () => undefined,
    actingBin: ACTING.bin,
    counterparties: SAMPLE_COUNTERPARTIES,
    onSaveDraft: fakeAction(undefined),
    onSend: fakeAction(undefined),
  },
  render: (args) => <Stateful {...args} />,
} satisfies Meta<typeof DocumentFormOnDraft>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A new document: nothing yet, "Send" explains what is missing. */
export const Create: Story = {};

/** A new document whose files wait to go with the first save (the sdk's queued state). */
export const QueuedFiles: Story = {
  args: {
    files: [{ key: 'q1', name: 'dogovor-postavki.pdf', size: 482_133, state: { status: 'queued' } }],
    initial: {
      name: 'Договор поставки',
      signers: [
        { identityNumber: PARTIES.beta.bin, email: 'office@beta.example.kz', nameRu: PARTIES.beta.nameRu },
      ],
    },
  },
};

/** Editing a draft with its files uploaded and two signers. */
export const Edit: Story = {
  args: {
    mode: 'edit',
    files: uploaded,
    initial: {
      name: 'Договор поставки № 15/2025',
      signingMethod: 'SEQUENTIAL',
      signers: [
        { identityNumber: PARTIES.beta.bin, email: 'office@beta.example.kz', nameRu: PARTIES.beta.nameRu },
        {
          identityNumber: PARTIES.person.bin,
          email: 'aigerim@example.kz',
          nameRu: PARTIES.person.nameRu,
          approverEmail: 'lawyer@example.kz',
        },
      ],
    },
  },
};

/** Files uploading: progress bars with cancel; "Send" waits. */
export const Uploading: Story = {
  args: {
    files: [
      { key: 'u1', name: 'akt-fevral.pdf', size: 2_400_000, state: { status: 'uploading', progress: 0.4 } },
      { key: 'u2', name: 'dogovor-postavki.pdf', size: 482_133, state: { status: 'done', fileId: 11 } },
    ],
  },
};

/** An upload failed: its error, retry and remove. */
export const UploadFailed: Story = {
  args: {
    files: [
      { key: 'x1', name: 'scan.pdf', size: 3_100_000, state: { status: 'failed', code: 'STORAGE_FULL' } },
      ...uploaded,
    ],
  },
};

/** The server refuses the send: the error shows, everything typed stays. */
export const SendRefused: Story = {
  args: {
    ...Edit.args,
    onSend: fakeFailure(402, 'TARIFF_EXPIRED', 'Срок действия тарифа истёк'),
  },
};

/**
 * Send only, no draft (the embed page's create form, `Qoltanba.embed` with a 'create' token): the partner's token
 * named the signer, whose BIN/IIN starts filled in.
 */
export const SendOnly: Story = {
  args: {
    onSaveDraft: undefined,
    initial: { signers: [{ identityNumber: PARTIES.beta.bin, email: '', nameRu: '' }] },
  },
};

/** At phone width. */
export const OnPhone: Story = { ...onPhone, args: Edit.args };

/** In Russian. */
export const Russian: Story = { ...inRussian, args: Uploading.args };

/** In English. */
export const English: Story = { ...inEnglish, args: Edit.args };
