export {
  DocumentForm,
  type DocumentFormEdits,
  type DocumentFormProps,
  type DocumentFormValue,
} from './DocumentForm';
export {
  ACCEPTED_FILE_TYPES,
  checkPickedFiles,
  type RefusedFile,
  sendBlocker,
  type UploadItem,
} from './upload-model';
