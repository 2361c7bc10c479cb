import type { Lang } from '@qoltanba/core';
import type { Meta, StoryObj } from '@storybook/react';
import { type JSX, useCallback, useState } from 'react';
import {
  type ElementContent,
  ElementFrame,
  readySession,
  sampleSessionView,
} from '../story-support/embed-fakes';
import type { EmbedSessionState } from './embed-session';
import { SignElementView } from './sign-element';

const NO_TEST_SIGNER = { ncaLayerUrl: 'wss://127.0.0.1:13579', testSigner: null };

/**
 * `<qoltanba-sign>`'s content for a session state. Rejecting goes through the fake session; NCALayer and eGov QR
 * need the real ones (without them the catalogue's error shows).
 */
function SignStory({
  lang,
  session,
  qr,
}: {
  lang: Lang;
  session: EmbedSessionState;
  qr: boolean;
}): JSX.Element {
  const [state, setState] = useState(session);
  const reload = useCallback(async () => {
    if (state.kind === 'ready') setState({ ...state, view: await state.client.getSession() });
  }, [state]);
  const content = useCallback<ElementContent>(
    ({ element }) => (
      <SignElementView
        state={state}
        baseUrl="https://qoltanba.example"
        qr={qr}
        element={element}
        reload={reload}
        fail={() => undefined}
        signingConfig={NO_TEST_SIGNER}
      />
    ),
    [state, reload, qr],
  );
  return <ElementFrame lang={lang} content={content} />;
}

const meta = {
  title: 'Embedding/SignElement',
  component: SignStory,
  args: { lang: 'ru', qr: true, session: readySession(sampleSessionView('sign', 'AT_SIGNING')) },
  argTypes: { lang: { control: 'inline-radio', options: ['kk', 'ru', 'en'] } },
} satisfies Meta<typeof SignStory>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The embed token is being exchanged and the document read. */
export const Loading: Story = { args: { session: { kind: 'loading' } } };

/** The token was used already (it is single use): the catalogue's text. */
export const TokenUsed: Story = {
  args: { lang: 'en', session: { kind: 'error', error: 'EMBED_TOKEN_USED' } },
};

/** The signer's turn, in Russian: files, signers, NCALayer or eGov QR, Reject. */
export const AtSigning: Story = {};

/** The signer's turn, in Kazakh. */
export const AtSigningKazakh: Story = { args: { lang: 'kk' } };

/** The signer's turn, in English, NCALayer only (`qr="false"`). */
export const AtSigningEnglishNoQr: Story = { args: { lang: 'en', qr: false } };

/** Signed by everyone: the signer sees that they signed. */
export const Signed: Story = { args: { session: readySession(sampleSessionView('sign', 'SIGNED')) } };

/** The signer rejected it. */
export const Rejected: Story = { args: { session: readySession(sampleSessionView('sign', 'REJECTED')) } };

/** Revoked by the sender before this signer's turn. */
export const Revoked: Story = { args: { session: readySession(sampleSessionView('sign', 'REVOKED')) } };

/** A draft: not the signer's turn. */
export const Draft: Story = { args: { session: readySession(sampleSessionView('sign', 'DRAFT')) } };

/** In the sender's trash: not the signer's turn. */
export const Trash: Story = { args: { session: readySession(sampleSessionView('sign', 'TRASH')) } };
