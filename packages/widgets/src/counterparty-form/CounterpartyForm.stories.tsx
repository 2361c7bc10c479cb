import type { Meta, StoryObj } from '@storybook/react';
import { PARTIES, SAMPLE_COUNTERPARTIES } from '../story-support/document-fixtures';
import { fakeAction, fakeFailure, onPhone } from '../story-support/story-fakes';
import { inEnglish, inRussian } from '../story-support/story-locales';
import { CounterpartyForm, type RegisterNames } from './CounterpartyForm';

const meta = {
  title: 'Documents/CounterpartyForm',
  component: CounterpartyForm,
  args: {
    onSubmit: fakeAction(undefined),
    onCancel: () => undefined,
    onLookup: fakeAction<RegisterNames | null>({ nameRu: PARTIES.beta.nameRu, nameKk: PARTIES.beta.nameKk }),
  },
} satisfies Meta<typeof CounterpartyForm>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A new counterparty: type a BIN/IIN (e.g. 020540003431) and look it up to fill the names. */
export const New: Story = {};

/** Editing an entry with two e-mails. */
export const Edit: Story = { args: { initial: SAMPLE_COUNTERPARTIES[0] } };

/** The register does not know the number. */
export const NotInRegister: Story = { args: { onLookup: fakeAction<RegisterNames | null>(null) } };

/** The server already has this BIN/IIN in the address book. */
export const AlreadyExists: Story = {
  args: {
    initial: SAMPLE_COUNTERPARTIES[1],
    onSubmit: fakeFailure(409, 'COUNTERPARTY_EXISTS', 'Контрагент с таким БИН/ИИН уже есть'),
  },
};

/** Without a register look-up. */
export const WithoutLookup: Story = { args: { onLookup: undefined } };

/** At phone width. */
export const OnPhone: Story = onPhone;

/** In Russian. */
export const Russian: Story = inRussian;

/** In English. */
export const English: Story = { ...inEnglish, args: { initial: SAMPLE_COUNTERPARTIES[0] } };
