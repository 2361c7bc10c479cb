import type { Meta, StoryObj } from '@storybook/react';
import { fakeAction, fakeFailure } from '../story-support/story-fakes';
import { AttachCompanyForm } from './AttachCompanyForm';

const meta = {
  title: 'Account/AttachCompanyForm',
  component: AttachCompanyForm,
  args: {
    testMode: true,
    actions: {
      attachByIin: fakeAction({ resendAfterSeconds: 60, expiresInSeconds: 300 }),
      confirmAttachByIin: fakeAction([
        { bin: '123456789011', nameRu: 'ИП Сериков А.', shortNameRu: null, isMainCompany: true },
      ]),
    },
  },
} satisfies Meta<typeof AttachCompanyForm>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The whole flow: the NCA test IIN 123456789011 (test mode), any Kazakh mobile number, then any 6 digits. */
export const Flow: Story = {};

/** The phone is not the one linked to the IIN in the state database. */
export const PhoneMismatch: Story = {
  args: {
    actions: {
      attachByIin: fakeFailure(
        400,
        'PHONE_MISMATCH',
        'Телефон нөмірі мемлекеттік дерекқорда ЖСН-ге тіркелген нөмірмен сәйкес келмейді',
      ),
    },
  },
};

/** Production: the NCA test IINs are refused. */
export const Production: Story = { args: { testMode: false } };
