export { DocumentForm, type DocumentFormInitial, type DocumentFormProps } from './DocumentForm';
export {
  ACCEPTED_FILE_TYPES,
  checkPickedFiles,
  type RefusedFile,
  sendBlocker,
  type UploadItem,
} from './upload-model';
