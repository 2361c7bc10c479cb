import { dismissSnackbar, showSnackbar } from '@qoltanba/sdk';
import type { Meta, StoryObj } from '@storybook/react';
import { useEffect } from 'react';
import { Snackbar } from './Snackbar';

type Item = Parameters<typeof showSnackbar>[0];

// Shows the given snackbars while the story is mounted; they stay until dismissed.
function Stage({ items }: { items: Item[] }) {
  useEffect(() => {
    const ids = items.map((item) => showSnackbar({ timeoutMs: 0, ...item }));
    return () => {
      for (const id of ids) dismissSnackbar(id);
    };
  }, [items]);
  return <Snackbar />;
}

const withSnackbars = (items: Item[]) => () => <Stage items={items} />;

const meta = {
  title: 'Widgets/Snackbar',
  component: Snackbar,
} satisfies Meta<typeof Snackbar>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A neutral message. */
export const Info: Story = { render: withSnackbars([{ message: 'Құжат жіберілді', kind: 'info' }]) };

/** A success message. */
export const Success: Story = { render: withSnackbars([{ message: 'Документ подписан', kind: 'success' }]) };

/** An error, announced at once. */
export const ErrorMessage: Story = {
  render: withSnackbars([{ message: 'File size must not exceed 5 Mb', kind: 'error' }]),
};

/** Several at once, oldest first. */
export const Stacked: Story = {
  render: withSnackbars([
    { message: 'Құжат жіберілді', kind: 'success' },
    { message: 'Сервер недоступен, повторите позже', kind: 'error' },
    { message: 'Draft saved', kind: 'info' },
  ]),
};
