import type { Lang } from '@qoltanba/core';
import type { Meta, StoryObj } from '@storybook/react';
import { type JSX, useCallback } from 'react';
import { type ElementContent, ElementFrame } from '../story-support/embed-fakes';
import { fakeAction, fakeFailure } from '../story-support/story-fakes';
import { failedResult } from '../verification-report/fixtures';
import type { VerifyDropzoneActions } from '../verification-report/VerifyDropzone';
import { VerifyView } from './verify-element';

/** `<qoltanba-verify>`'s content with a fake verification call. */
function VerifyStory({ lang, actions }: { lang: Lang; actions: VerifyDropzoneActions }): JSX.Element {
  const content = useCallback<ElementContent>(
    ({ element }) => <VerifyView actions={actions} element={element} />,
    [actions],
  );
  return <ElementFrame lang={lang} content={content} />;
}

const meta = {
  title: 'Embedding/VerifyElement',
  component: VerifyStory,
  args: { lang: 'ru', actions: { verifySignatures: fakeAction(failedResult) } },
  argTypes: { lang: { control: 'inline-radio', options: ['kk', 'ru', 'en'] } },
} satisfies Meta<typeof VerifyStory>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Nothing chosen yet, in Russian; choosing files and "Check" answer with a result after a short delay. */
export const Empty: Story = {};

/** In Kazakh. */
export const EmptyKazakh: Story = { args: { lang: 'kk' } };

/** In English. */
export const EmptyEnglish: Story = { args: { lang: 'en' } };

/** The server answers that a PDF alone was not signed here (shown after "Check"). */
export const NotSigned: Story = {
  args: {
    lang: 'en',
    actions: { verifySignatures: fakeFailure(422, 'DOCUMENT_NOT_SIGNED', 'The document is not signed') },
  },
};
