import type { Lang } from '@qoltanba/core';
import type { Meta, StoryObj } from '@storybook/react';
import { type JSX, useCallback, useState } from 'react';
import {
  type ElementContent,
  ElementFrame,
  readySession,
  sampleSessionView,
} from '../story-support/embed-fakes';
import { DocumentStatusView } from './document-status-element';
import type { EmbedSessionState } from './embed-session';

/** `<qoltanba-document-status>`'s content for a session state; Refresh reads the fake session again. */
function DocumentStatusStory({ lang, session }: { lang: Lang; session: EmbedSessionState }): JSX.Element {
  const [state, setState] = useState(session);
  const reload = useCallback(async () => {
    if (state.kind === 'ready') setState({ ...state, view: await state.client.getSession() });
  }, [state]);
  const content = useCallback<ElementContent>(
    ({ element }) => (
      <DocumentStatusView state={state} reload={reload} refreshSeconds={0} retry element={element} />
    ),
    [state, reload],
  );
  return <ElementFrame lang={lang} content={content} />;
}

const meta = {
  title: 'Embedding/DocumentStatusElement',
  component: DocumentStatusStory,
  args: { lang: 'ru', session: readySession(sampleSessionView('status', 'AT_SIGNING')) },
  argTypes: { lang: { control: 'inline-radio', options: ['kk', 'ru', 'en'] } },
} satisfies Meta<typeof DocumentStatusStory>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The embed token is being exchanged and the document read. */
export const Loading: Story = { args: { session: { kind: 'loading' } } };

/** The token had expired: the catalogue's text and Retry. */
export const TokenExpired: Story = {
  args: { lang: 'en', session: { kind: 'error', error: 'EMBED_TOKEN_EXPIRED' } },
};

/** At signing, in Russian: the first signer signed, the second waits. */
export const AtSigning: Story = {};

/** At signing, in Kazakh. */
export const AtSigningKazakh: Story = { args: { lang: 'kk' } };

/** At signing, in English. */
export const AtSigningEnglish: Story = { args: { lang: 'en' } };

/** Signed by everyone. */
export const Signed: Story = { args: { session: readySession(sampleSessionView('status', 'SIGNED')) } };

/** Rejected by the second signer. */
export const Rejected: Story = { args: { session: readySession(sampleSessionView('status', 'REJECTED')) } };

/** Revoked by the sender. */
export const Revoked: Story = { args: { session: readySession(sampleSessionView('status', 'REVOKED')) } };

/** A draft (not sent yet), as the server would show it. */
export const Draft: Story = { args: { session: readySession(sampleSessionView('status', 'DRAFT')) } };

/** In the sender's trash. */
export const Trash: Story = { args: { session: readySession(sampleSessionView('status', 'TRASH')) } };
