import type { Meta, StoryObj } from '@storybook/react';
import { type ComponentProps, useEffect, useState } from 'react';
import { ACTING, PARTIES, SAMPLE_COUNTERPARTIES } from '../story-support/document-fixtures';
import { fakeAction, fakeFailure, onPhone } from '../story-support/story-fakes';
import { inEnglish, inRussian } from '../story-support/story-locales';
import { DocumentForm } from './DocumentForm';
import type { UploadItem } from './upload-model';

const uploaded: UploadItem[] = [
  { id: 'f1', name: 'dogovor-postavki.pdf', size: 482_133, state: 'done' },
  { id: 'f2', name: 'prilozhenie-1.docx', size: 1_874_000, state: 'done' },
];

// Uploads advance 10 % every 300 ms, as the portal's upload store would report them.
function Stateful(props: ComponentProps<typeof DocumentForm>) {
  const [files, setFiles] = useState<UploadItem[]>([...props.files]);
  const uploading = files.some((file) => file.state === 'uploading');
  useEffect(() => {
    if (!uploading) return;
    const timer = setInterval(() => {
      setFiles((list) =>
        list.map((file) => {
          if (file.state !== 'uploading') return file;
          const progress = (file.progress ?? 0) + 10;
          return progress >= 100 ? { ...file, state: 'done', progress: 100 } : { ...file, progress };
        }),
      );
    }, 300);
    return () => clearInterval(timer);
  }, [uploading]);
  return (
    <DocumentForm
      {...props}
      files={files}
      onAddFiles={(picked) =>
        setFiles((list) => [
          ...list,
          ...picked.map((file, index) => ({
            id: `${Date.now()}-${index}`,
            name: file.name,
            size: file.size,
            state: 'uploading' as const,
            progress: 0,
          })),
        ])
      }
      onCancelUpload={(id) => setFiles((list) => list.filter((file) => file.id !== id))}
      onRemoveFile={(id) => setFiles((list) => list.filter((file) => file.id !== id))}
      onRetryUpload={(id) =>
        setFiles((list) =>
          list.map((file) =>
            file.id === id ? { ...file, state: 'uploading', progress: 0, error: undefined } : file,
          ),
        )
      }
    />
  );
}

const meta = {
  title: 'Documents/DocumentForm',
  component: DocumentForm,
  args: {
    files: [],
    onAddFiles: () => undefined,
    actingBin: ACTING.bin,
    counterparties: SAMPLE_COUNTERPARTIES,
    onSaveDraft: fakeAction(undefined),
    onSend: fakeAction(undefined),
  },
  render: (args) => <Stateful {...args} />,
} satisfies Meta<typeof DocumentForm>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A new document: nothing yet, "Send" explains what is missing. */
export const Create: Story = {};

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
      { id: 'u1', name: 'akt-fevral.pdf', size: 2_400_000, state: 'uploading', progress: 40 },
      { ...uploaded[0], id: 'u2' } as UploadItem,
    ],
  },
};

/** An upload failed: its error, retry and remove. */
export const UploadFailed: Story = {
  args: {
    files: [
      { id: 'x1', name: 'scan.pdf', size: 3_100_000, state: 'failed', error: 'STORAGE_FULL' },
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

/** At phone width. */
export const OnPhone: Story = { ...onPhone, args: Edit.args };

/** In Russian. */
export const Russian: Story = { ...inRussian, args: Uploading.args };

/** In English. */
export const English: Story = { ...inEnglish, args: Edit.args };
