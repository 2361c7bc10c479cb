import type { Counterparty } from '@qoltanba/core';
import type { Meta, StoryObj } from '@storybook/react';
import { type ComponentProps, useState } from 'react';
import { SAMPLE_COUNTERPARTIES } from '../story-support/document-fixtures';
import { fakeFailure, onPhone } from '../story-support/story-fakes';
import { inEnglish, inRussian } from '../story-support/story-locales';
import { CounterpartyList } from './CounterpartyList';

// Deletes from memory after a short delay, as the server would.
function Stateful(props: ComponentProps<typeof CounterpartyList>) {
  const [list, setList] = useState<Counterparty[]>([...props.counterparties]);
  return (
    <CounterpartyList
      {...props}
      counterparties={list}
      onDelete={
        props.onDelete ??
        (async (gone) => {
          await new Promise((resolve) => setTimeout(resolve, 400));
          setList((before) => before.filter((c) => c.id !== gone.id));
        })
      }
    />
  );
}

const meta = {
  title: 'Documents/CounterpartyList',
  component: CounterpartyList,
  args: { counterparties: SAMPLE_COUNTERPARTIES, onAdd: () => undefined, onEdit: () => undefined },
  render: (args) => <Stateful {...args} />,
} satisfies Meta<typeof CounterpartyList>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The address book; delete asks first. */
export const Default: Story = {};

/** No counterparties yet. */
export const Empty: Story = { args: { counterparties: [] } };

/** Loading. */
export const Loading: Story = { args: { counterparties: [], loading: true } };

/** Loading failed. */
export const LoadError: Story = {
  args: { counterparties: [], error: 'INTERNAL_ERROR', onRetry: () => undefined },
};

/** The server refuses to delete. */
export const DeleteRefused: Story = {
  args: { onDelete: fakeFailure(404, 'COUNTERPARTY_NOT_FOUND', 'Контрагент не найден') },
};

/** One column at phone width. */
export const OnPhone: Story = onPhone;

/** In Russian. */
export const Russian: Story = inRussian;

/** In English. */
export const English: Story = inEnglish;
