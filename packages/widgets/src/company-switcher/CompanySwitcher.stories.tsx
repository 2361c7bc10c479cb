import type { Company } from '@qoltanba/core';
import type { Meta, StoryObj } from '@storybook/react';
import { type ComponentProps, useState } from 'react';
import { onPhone } from '../story-support/story-fakes';
import { CompanySwitcher } from './CompanySwitcher';

const companies: Company[] = [
  {
    bin: '990340005977',
    nameRu: 'Товарищество с ограниченной ответственностью «Альфа Трейд»',
    shortNameRu: null,
    isMainCompany: false,
  },
  { bin: '020540003431', nameRu: 'Акционерное общество "Бета"', shortNameRu: null, isMainCompany: true },
  { bin: '870412300123', nameRu: 'ИП Серикова А.', shortNameRu: 'ИП Серикова', isMainCompany: false },
];

// Keeps the selection in the story, as the sdk store would.
function Stateful(props: ComponentProps<typeof CompanySwitcher>) {
  const [bin, setBin] = useState(props.selectedBin);
  return (
    <CompanySwitcher
      {...props}
      selectedBin={bin}
      actions={{
        selectCompany: (next) => {
          setBin(next);
          return true;
        },
      }}
    />
  );
}

const meta = {
  title: 'Account/CompanySwitcher',
  component: CompanySwitcher,
  args: { companies, selectedBin: '990340005977' },
  render: (args) => <Stateful {...args} />,
} satisfies Meta<typeof CompanySwitcher>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Three companies, the second one main. */
export const Default: Story = {};

/** Nothing selected: the main company is in effect. */
export const MainCompanyInEffect: Story = { args: { selectedBin: undefined } };

/** Blocked on a document-editing screen. */
export const Blocked: Story = { args: { disabled: true } };

/** A user without companies yet. */
export const NoCompanies: Story = { args: { companies: [] } };

/** At phone width. */
export const OnPhone: Story = onPhone;
