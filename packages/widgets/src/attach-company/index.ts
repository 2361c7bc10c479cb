export {
  type AttachCompanyActions,
  AttachCompanyForm,
  type AttachCompanyFormProps,
  defaultAttachCompanyActions,
} from './AttachCompanyForm';
