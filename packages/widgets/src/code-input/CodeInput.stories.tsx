import type { Meta, StoryObj } from '@storybook/react';
import { type ComponentProps, useState } from 'react';
import { fakeAction } from '../story-support/story-fakes';
import { CodeInput } from './CodeInput';

// Holds the code so the controlled field can be typed into in Storybook.
function Controlled(props: Omit<ComponentProps<typeof CodeInput>, 'value' | 'onChange'>) {
  const [code, setCode] = useState('');
  return <CodeInput {...props} value={code} onChange={setCode} />;
}

const meta = {
  title: 'Account/CodeInput',
  component: CodeInput,
  args: { value: '', onChange: () => {} },
  render: ({ value: _value, onChange: _onChange, ...args }) => <Controlled {...args} />,
} satisfies Meta<typeof CodeInput>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Just sent: the resend button counts down from 60 seconds. */
export const JustSent: Story = {
  args: {
    target: 'aigerim@example.kz',
    resendAfterSeconds: 60,
    onResend: fakeAction({ resendAfterSeconds: 60 }),
  },
};

/** The wait is over: a new code can be asked for. */
export const CanResend: Story = {
  args: {
    target: '+7 701 234 56 78',
    resendAfterSeconds: 0,
    onResend: fakeAction({ resendAfterSeconds: 60 }),
  },
};

/** The server refused the code. */
export const WrongCode: Story = {
  args: { target: 'aigerim@example.kz', error: 'Растау коды қате' },
};
