export {
  createDocumentListStore,
  type DocumentListOptions,
  type DocumentListState,
  type DocumentListStatus,
  type DocumentListStore,
  documentList,
} from './documentListStore';
export {
  createDocumentStore,
  type DocumentState,
  type DocumentStore,
  type DocumentStoreAction,
  documentStore,
} from './documentStore';
export {
  addDocumentFiles,
  contentDispositionFileName,
  copyDocument,
  createDocument,
  type DocumentListParams,
  type DownloadedFile,
  deleteDocumentFile,
  documentFileUrl,
  documentListSearch,
  documentPreviewUrl,
  downloadDocumentFile,
  getDocument,
  getDocumentHistory,
  listDocuments,
  moveDocumentToFolder,
  previewDocumentFile,
  restoreDocument,
  sendDocument,
  trashDocument,
  type UploadOptions,
  updateDocument,
} from './documentsApi';
export { $documentsVersion, invalidateDocuments } from './documentsVersion';
export {
  createDraftEditor,
  type DraftEditor,
  type DraftEditorOptions,
  type DraftEditorState,
  type DraftEditorStatus,
  type DraftFile,
  type DraftFileState,
} from './draftEditor';
export {
  type DraftSigner,
  draftSignerInput,
  draftSignerOf,
  emptyDraftSigner,
  isBlankDraftSigner,
} from './draftSigner';
export {
  type MultipartLayout,
  type MultipartPartSize,
  multipartLayout,
  partProgress,
} from './uploadProgress';
