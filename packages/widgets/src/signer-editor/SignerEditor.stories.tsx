import type { Meta, StoryObj } from '@storybook/react';
import { type ComponentProps, useState } from 'react';
import { ACTING, PARTIES, SAMPLE_COUNTERPARTIES } from '../story-support/document-fixtures';
import { onPhone } from '../story-support/story-fakes';
import { inEnglish, inRussian } from '../story-support/story-locales';
import { SignerEditor } from './SignerEditor';
import { emptySigner, type SignerDraft } from './signer-model';

function draft(patch: Partial<SignerDraft>): SignerDraft {
  return { ...emptySigner(), ...patch };
}

const beta = draft({
  identityNumber: PARTIES.beta.bin,
  email: 'office@beta.example.kz',
  nameRu: PARTIES.beta.nameRu,
  nameKk: PARTIES.beta.nameKk,
});
const person = draft({
  identityNumber: PARTIES.person.bin,
  email: 'aigerim@example.kz',
  nameRu: PARTIES.person.nameRu,
  approverEmail: 'lawyer@example.kz',
});

// Holds the list, as the document form does.
function Stateful(props: ComponentProps<typeof SignerEditor>) {
  const [signers, setSigners] = useState(props.signers);
  return <SignerEditor {...props} signers={signers} onChange={setSigners} />;
}

const meta = {
  title: 'Documents/SignerEditor',
  component: SignerEditor,
  args: {
    signers: [beta, person],
    onChange: () => undefined,
    signingMethod: 'PARALLEL',
    actingBin: ACTING.bin,
    counterparties: SAMPLE_COUNTERPARTIES,
  },
  render: (args) => <Stateful {...args} />,
} satisfies Meta<typeof SignerEditor>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Two signers, one with an approver; pick more from the counterparties. */
export const Parallel: Story = {};

/** Sequential signing: the list is numbered and the order matters. */
export const Sequential: Story = { args: { signingMethod: 'SEQUENTIAL' } };

/** No signer yet. */
export const Empty: Story = { args: { signers: [] } };

/** Every problem at once: yourself, a repeat, a wrong check digit, an empty approver. */
export const Problems: Story = {
  args: {
    showAllProblems: true,
    signers: [
      draft({ identityNumber: ACTING.bin, email: 'me@alfa.example.kz', nameRu: 'Альфа Трейд' }),
      beta,
      draft({ ...beta, key: 'repeat' }),
      draft({ identityNumber: '123456789012', email: 'not-an-email', nameRu: '', approverEmail: '' }),
    ],
  },
};

/** Without an address book: no picker. */
export const WithoutCounterparties: Story = { args: { counterparties: undefined } };

/** Locked while the document is being saved. */
export const Disabled: Story = { args: { disabled: true } };

/** At phone width. */
export const OnPhone: Story = onPhone;

/** In Russian. */
export const Russian: Story = inRussian;

/** In English. */
export const English: Story = { ...inEnglish, args: { signingMethod: 'SEQUENTIAL' } };
