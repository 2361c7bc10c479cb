import {
  ALLOWED_DOCUMENT_EXTENSIONS,
  DOCUMENT_MAX_FILES,
  type Document,
  type DocumentDraft,
  documentDraftSchema,
  type ErrorCode,
  type IdentityNumberSchemaOptions,
  isErrorCode,
  MAX_FILE_BYTES,
  type SignerInput,
  type SigningMethod,
  signerInputSchema,
  signerRuleViolation,
} from '@qoltanba/core';
import { atom, computed, type ReadableAtom } from 'nanostores';
import { clientApiError, errorCodeOf, isApiError } from '../api/apiError';
import { $actingCompanyBin } from '../company/actingCompany';
import { activeClient } from '../session/activeClient';
import {
  addDocumentFiles,
  createDocument,
  deleteDocumentFile,
  getDocument,
  sendDocument,
  updateDocument,
} from './documentsApi';
import { invalidateDocuments } from './documentsVersion';
import { type DraftSigner, draftSignerInput, draftSignerOf, isBlankDraftSigner } from './draftSigner';

/** Where one file of the editor is. */
export type DraftFileState =
  /** Waiting: for the draft to be saved (a new document) or for the upload before it. */
  | { status: 'queued' }
  /** On its way; `progress` is the share of its bytes sent, 0 to 1. */
  | { status: 'uploading'; progress: number }
  /** Stored on the server as file `fileId` of the draft. */
  | { status: 'done'; fileId: number }
  /** Refused or lost; `retryFile` queues it again, `removeFile` drops it. */
  | { status: 'failed'; code: ErrorCode };

/** One file of the editor. */
export interface DraftFile {
  /** Stable key for rendering and for the file actions. */
  key: string;
  name: string;
  size: number;
  state: DraftFileState;
}

/** What the editor is doing as a whole. */
export type DraftEditorStatus = 'editing' | 'loading' | 'saving' | 'sending' | 'sent' | 'failed';

/** The state of a draft editor. */
export interface DraftEditorState {
  /** The draft's id once it exists on the server. */
  documentId: number | undefined;
  /**
   * The company the draft is made for, fixed when the editor is created (SPEC: no switch while creating), or
   * at its first call when no company was acting yet.
   */
  bin: string | undefined;
  name: string;
  signingMethod: SigningMethod;
  /** Signer rows as typed, in signing order; blank rows are left out of what is saved. */
  signers: DraftSigner[];
  files: DraftFile[];
  status: DraftEditorStatus;
  /** Code of the last failure of load, save or send. */
  error: ErrorCode | undefined;
}

/** Options of {@link createDraftEditor}. */
export interface DraftEditorOptions {
  /** The company the draft is made for; the acting company when the editor is created by default. */
  bin?: string;
  /** Identity-number rules of the signer checks (e.g. `{ testMode: true }` against a test server). */
  identity?: IdentityNumberSchemaOptions;
}

/** A draft editor: state stores and the actions that change them. */
export interface DraftEditor {
  /** The whole editor state. */
  readonly $state: ReadableAtom<DraftEditorState>;
  /** The first problem of name, signing method and signers (core's draft and signer rules), or undefined. */
  readonly $draftIssue: ReadableAtom<ErrorCode | undefined>;
  /**
   * Why "send" is not possible now, or undefined: FILES_STILL_UPLOADING while a file is on its way, waits
   * for an upload or failed; DOCUMENT_WITHOUT_FILE without files; SIGNERS_REQUIRED; else the draft issue.
   */
  readonly $sendBlocker: ReadableAtom<ErrorCode | undefined>;
  /** Opens an existing draft (or rejected document) of the editor's company. Rejects with ApiError. */
  load(id: number): Promise<Document>;
  setName(name: string): void;
  setSigningMethod(method: SigningMethod): void;
  /** The problem `signer` would have at `index` (a new signer when omitted), or undefined. */
  signerIssue(signer: SignerInput, index?: number): ErrorCode | undefined;
  /** Adds a signer when it passes {@link DraftEditor.signerIssue}; returns the issue otherwise. */
  addSigner(signer: SignerInput): ErrorCode | undefined;
  /** Replaces signer `index` when the new one passes; returns the issue otherwise. */
  updateSigner(index: number, signer: SignerInput): ErrorCode | undefined;
  /**
   * Replaces the signer rows as typed (a form's edits), unchecked: their problems show in
   * {@link DraftEditor.$draftIssue}, and `save` and `send` refuse them.
   */
  setSigners(signers: readonly DraftSigner[]): void;
  removeSigner(index: number): void;
  /** Moves a signer in the signing order. */
  moveSigner(from: number, to: number): void;
  /**
   * Adds files: a file of a format or size the server refuses is marked failed at once (FILE_FORMAT_NOT_ALLOWED,
   * FILE_TOO_LARGE, DOCUMENT_FILES_LIMIT). For an existing draft they upload at once; for a new document they
   * wait for `save` or `send`, which create the draft with them.
   */
  addFiles(files: readonly File[]): void;
  /** Stops a queued or uploading file and drops it (other files of its upload go again). */
  cancelUpload(key: string): void;
  /** Queues a failed file again (and uploads it at once for an existing draft). */
  retryFile(key: string): void;
  /** Drops a file: cancels it if it is on its way, deletes it from the draft if it is stored. */
  removeFile(key: string): Promise<void>;
  /** Creates the draft (with the queued files) or saves its name, signing method and signers. */
  save(): Promise<Document>;
  /** Saves and sends the draft for signing; refused client-side first while {@link DraftEditor.$sendBlocker} says so. */
  send(): Promise<Document>;
  /** Stops every upload; the editor is not used afterwards. */
  dispose(): void;
}

// Codes about the draft itself: when creating fails with one of them, the files were fine and wait again.
const DRAFT_CODES: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'VALIDATION_FAILED',
  'DOCUMENT_NAME_LENGTH',
  'SELF_AS_SIGNER',
  'SIGNER_DUPLICATE',
  'IDENTITY_NUMBER_INVALID',
  'APPROVER_EMAIL_INVALID',
  'INVALID_EMAIL',
  'COMPANY_REQUIRED',
  'FORBIDDEN',
  'UNAUTHORIZED',
]);

function issueCode(issues: ReadonlyArray<{ message: string }>): ErrorCode {
  const message = issues[0]?.message;
  return isErrorCode(message) ? message : 'VALIDATION_FAILED';
}

function extensionAllowed(name: string): boolean {
  const extension = name.toLowerCase().split('.').pop() ?? '';
  return name.includes('.') && (ALLOWED_DOCUMENT_EXTENSIONS as readonly string[]).includes(extension);
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

/**
 * Creates the editor of a new or existing draft: name, signing method, signers checked with core's
 * `signerInputSchema` and `signerRuleViolation`, and files with their own state (queued, uploading with
 * progress, done, failed with a code), one upload request at a time.
 *
 * @example
 * const editor = createDraftEditor();
 * editor.setName('Договор поставки');
 * editor.addSigner({ identityNumber: '920715401122', email: 'a@b.kz', nameRu: 'Ахметов Д.' });
 * editor.addFiles(input.files);
 * editor.$sendBlocker.subscribe((code) => (button.disabled = code !== undefined));
 * await editor.send();
 */
export function createDraftEditor(options: DraftEditorOptions = {}): DraftEditor {
  const state = atom<DraftEditorState>({
    documentId: undefined,
    bin: options.bin ?? $actingCompanyBin.get(),
    name: '',
    signingMethod: 'PARALLEL',
    signers: [],
    files: [],
    status: 'editing',
    error: undefined,
  });
  const sources = new Map<string, File>();
  let keys = 0;
  let upload: { keys: string[]; controller: AbortController } | undefined;
  let disposed = false;

  const patch = (changes: Partial<DraftEditorState>) => state.set({ ...state.get(), ...changes });
  // An editor made before the companies loaded takes the acting company when it first needs one.
  const binOf = (current: DraftEditorState) => current.bin ?? $actingCompanyBin.get();
  const scope = () => {
    const bin = binOf(state.get());
    if (bin !== undefined && state.get().bin === undefined) patch({ bin });
    return bin === undefined ? {} : { bin };
  };
  const lang = () => activeClient().lang();
  const setFiles = (update: (files: DraftFile[]) => DraftFile[]) =>
    patch({ files: update(state.get().files) });
  const setFileState = (key: string, fileState: DraftFileState) =>
    setFiles((files) => files.map((file) => (file.key === key ? { ...file, state: fileState } : file)));
  const fileOf = (key: string) => state.get().files.find((file) => file.key === key);

  /** The signers that count: the typed rows without blank ones, as the API takes them. */
  const inputsOf = (rows: readonly DraftSigner[]) =>
    rows.filter((row) => !isBlankDraftSigner(row)).map(draftSignerInput);

  function draftOf(current: DraftEditorState): DocumentDraft {
    return { name: current.name, signingMethod: current.signingMethod, signers: inputsOf(current.signers) };
  }

  // The draft as last loaded or saved: a send without changes since does not save it again.
  let savedDraft: string | undefined;
  const remember = (draft: DocumentDraft) => {
    savedDraft = JSON.stringify(draft);
  };

  function draftIssue(current: DraftEditorState): ErrorCode | undefined {
    const parsed = documentDraftSchema(options.identity).safeParse(draftOf(current));
    if (!parsed.success) return issueCode(parsed.error.issues);
    const bin = binOf(current);
    return bin === undefined ? undefined : signerRuleViolation(inputsOf(current.signers), bin);
  }

  const $draftIssue = computed(state, draftIssue);

  const $sendBlocker = computed(state, (current): ErrorCode | undefined => {
    const waiting = current.files.some(
      ({ state: fileState }) =>
        fileState.status === 'uploading' ||
        fileState.status === 'failed' ||
        (fileState.status === 'queued' && current.documentId !== undefined),
    );
    if (waiting) return 'FILES_STILL_UPLOADING';
    if (current.files.length === 0) return 'DOCUMENT_WITHOUT_FILE';
    if (inputsOf(current.signers).length === 0) return 'SIGNERS_REQUIRED';
    return draftIssue(current);
  });

  // ----- signers -----

  function signerIssue(signer: SignerInput, index?: number): ErrorCode | undefined {
    const parsed = signerInputSchema(options.identity).safeParse(signer);
    if (!parsed.success) return issueCode(parsed.error.issues);
    const { signers } = state.get();
    const bin = binOf(state.get());
    const others = inputsOf(signers.filter((_, position) => position !== index));
    return bin === undefined ? undefined : signerRuleViolation([...others, parsed.data], bin);
  }

  function placeSigner(signer: SignerInput, index: number | undefined): ErrorCode | undefined {
    const issue = signerIssue(signer, index);
    if (issue) return issue;
    const parsed = signerInputSchema(options.identity).parse(signer);
    const signers = [...state.get().signers];
    if (index === undefined) signers.push(draftSignerOf(parsed));
    else signers[index] = draftSignerOf(parsed, signers[index]?.key);
    patch({ signers });
    return undefined;
  }

  // ----- files -----

  function localRefusal(file: File, accepted: number): ErrorCode | undefined {
    if (!extensionAllowed(file.name)) return 'FILE_FORMAT_NOT_ALLOWED';
    if (file.size > MAX_FILE_BYTES) return 'FILE_TOO_LARGE';
    return accepted >= DOCUMENT_MAX_FILES ? 'DOCUMENT_FILES_LIMIT' : undefined;
  }

  /** Uploads the queued files of an existing draft, one request at a time. */
  function pump(): void {
    const { documentId } = state.get();
    if (disposed || upload || documentId === undefined) return;
    const batch = state.get().files.filter((file) => file.state.status === 'queued');
    if (batch.length === 0) return;
    const batchKeys = batch.map((file) => file.key);
    const controller = new AbortController();
    for (const key of batchKeys) setFileState(key, { status: 'uploading', progress: 0 });
    upload = { keys: batchKeys, controller };
    void (async () => {
      try {
        const document = await addDocumentFiles(documentId, filesOf(batchKeys), {
          ...scope(),
          signal: controller.signal,
          onProgress: (shares) => progress(batchKeys, shares),
        });
        settleStored(batchKeys, document);
      } catch (error) {
        for (const key of batchKeys) {
          if (!fileOf(key)) continue;
          setFileState(
            key,
            isAbort(error) ? { status: 'queued' } : { status: 'failed', code: errorCodeOf(error) },
          );
        }
      } finally {
        upload = undefined;
        pump();
      }
    })();
  }

  function filesOf(batchKeys: readonly string[]): File[] {
    return batchKeys.flatMap((key) => {
      const source = sources.get(key);
      return source ? [source] : [];
    });
  }

  function progress(batchKeys: readonly string[], shares: readonly number[]): void {
    batchKeys.forEach((key, index) => {
      if (fileOf(key)?.state.status === 'uploading') {
        setFileState(key, { status: 'uploading', progress: shares[index] ?? 0 });
      }
    });
  }

  /** Marks the files of an upload done with the ids the server gave the new files, in order. */
  function settleStored(batchKeys: readonly string[], document: Document): void {
    const known = new Set(
      state.get().files.flatMap((file) => (file.state.status === 'done' ? [file.state.fileId] : [])),
    );
    const added = document.files.filter((file) => !known.has(file.id));
    batchKeys.forEach((key, index) => {
      const stored = added[index];
      sources.delete(key);
      setFileState(
        key,
        stored ? { status: 'done', fileId: stored.id } : { status: 'failed', code: 'INTERNAL_ERROR' },
      );
    });
  }

  function addFiles(files: readonly File[]): void {
    let accepted = state.get().files.filter((file) => file.state.status !== 'failed').length;
    const added = files.map((file): DraftFile => {
      keys += 1;
      const key = `file-${keys}`;
      const refusal = localRefusal(file, accepted);
      if (!refusal) accepted += 1;
      sources.set(key, file);
      return {
        key,
        name: file.name,
        size: file.size,
        state: refusal ? { status: 'failed', code: refusal } : { status: 'queued' },
      };
    });
    setFiles((current) => [...current, ...added]);
    pump();
  }

  function cancelUpload(key: string): void {
    const status = fileOf(key)?.state.status;
    if (status !== 'queued' && status !== 'uploading') return;
    sources.delete(key);
    setFiles((files) => files.filter((file) => file.key !== key));
    // The rest of that request goes again without it (see pump's abort branch).
    if (upload?.keys.includes(key)) upload.controller.abort();
  }

  function retryFile(key: string): void {
    const file = fileOf(key);
    if (file?.state.status !== 'failed' || !sources.has(key)) return;
    const source = sources.get(key);
    const accepted = state.get().files.filter((entry) => entry.state.status !== 'failed').length;
    const refusal = source ? localRefusal(source, accepted) : 'INTERNAL_ERROR';
    setFileState(key, refusal ? { status: 'failed', code: refusal } : { status: 'queued' });
    pump();
  }

  async function removeFile(key: string): Promise<void> {
    const file = fileOf(key);
    if (!file) return;
    if (file.state.status !== 'done') {
      if (file.state.status === 'failed') {
        sources.delete(key);
        setFiles((files) => files.filter((entry) => entry.key !== key));
      } else cancelUpload(key);
      return;
    }
    const { documentId } = state.get();
    if (documentId !== undefined) await deleteDocumentFile(documentId, file.state.fileId, scope());
    setFiles((files) => files.filter((entry) => entry.key !== key));
  }

  // ----- load, save, send -----

  async function load(id: number): Promise<Document> {
    patch({ status: 'loading', error: undefined });
    try {
      const document = await getDocument(id, scope());
      if (!document.allowedActions.includes('update'))
        throw clientApiError('DOCUMENT_CHANGE_FORBIDDEN', lang());
      patch({
        documentId: document.id,
        name: document.name,
        signingMethod: document.signingMethod,
        signers: document.signers.map((signer) => draftSignerOf(signer)),
        files: document.files.map((file) => {
          keys += 1;
          return {
            key: `file-${keys}`,
            name: file.name,
            size: file.size,
            state: { status: 'done', fileId: file.id },
          };
        }),
        status: 'editing',
      });
      remember(draftOf(state.get()));
      return document;
    } catch (error) {
      patch({ status: 'failed', error: errorCodeOf(error) });
      throw error;
    }
  }

  /** One creating request with the queued files; rejects with AbortError when a file of it was cancelled. */
  async function createOnce(draft: DocumentDraft): Promise<Document> {
    const batch = state.get().files.filter((file) => file.state.status === 'queued');
    if (batch.length === 0) throw clientApiError('DOCUMENT_WITHOUT_FILE', lang());
    const batchKeys = batch.map((file) => file.key);
    const controller = new AbortController();
    for (const key of batchKeys) setFileState(key, { status: 'uploading', progress: 0 });
    upload = { keys: batchKeys, controller };
    try {
      const document = await createDocument(draft, filesOf(batchKeys), {
        ...scope(),
        signal: controller.signal,
        onProgress: (shares) => progress(batchKeys, shares),
      });
      patch({ documentId: document.id });
      settleStored(batchKeys, document);
      return document;
    } catch (error) {
      const code = errorCodeOf(error);
      const back: DraftFileState =
        isAbort(error) || (isApiError(error) && DRAFT_CODES.has(code))
          ? { status: 'queued' }
          : { status: 'failed', code };
      for (const key of batchKeys) if (fileOf(key)) setFileState(key, back);
      throw error;
    } finally {
      upload = undefined;
    }
  }

  /** Creates the draft; a file cancelled on the way makes it go again with the others. */
  async function create(draft: DocumentDraft): Promise<Document> {
    for (;;) {
      try {
        return await createOnce(draft);
      } catch (error) {
        if (!isAbort(error) || disposed) throw error;
      }
    }
  }

  async function persist(): Promise<Document> {
    const issue = draftIssue(state.get());
    if (issue) throw clientApiError(issue, lang());
    const { documentId } = state.get();
    const draft = draftOf(state.get());
    const document =
      documentId === undefined ? await create(draft) : await updateDocument(documentId, draft, scope());
    remember(draft);
    pump();
    return document;
  }

  /** The draft's id, saved first unless it exists and nothing changed since it was loaded or saved. */
  async function persistedId(): Promise<number> {
    const issue = draftIssue(state.get());
    if (issue) throw clientApiError(issue, lang());
    const { documentId } = state.get();
    if (documentId !== undefined && JSON.stringify(draftOf(state.get())) === savedDraft) return documentId;
    return (await persist()).id;
  }

  async function guarded(status: 'saving' | 'sending', work: () => Promise<Document>): Promise<Document> {
    patch({ status, error: undefined });
    try {
      const document = await work();
      patch({ status: status === 'sending' ? 'sent' : 'editing' });
      invalidateDocuments();
      return document;
    } catch (error) {
      patch({ status: 'editing', error: errorCodeOf(error) });
      throw error;
    }
  }

  let saving: Promise<Document> | undefined;
  function save(): Promise<Document> {
    saving ??= guarded('saving', persist).finally(() => {
      saving = undefined;
    });
    return saving;
  }

  let sending: Promise<Document> | undefined;
  function send(): Promise<Document> {
    sending ??= guarded('sending', async () => {
      // A save on its way may be creating the draft: never create it twice.
      await saving?.catch(() => undefined);
      const blocker = $sendBlocker.get();
      if (blocker) throw clientApiError(blocker, lang());
      return sendDocument(await persistedId(), scope());
    }).finally(() => {
      sending = undefined;
    });
    return sending;
  }

  return {
    $state: state,
    $draftIssue,
    $sendBlocker,
    load,
    setName: (name) => patch({ name }),
    setSigningMethod: (signingMethod) => patch({ signingMethod }),
    signerIssue,
    addSigner: (signer) => placeSigner(signer, undefined),
    updateSigner: (index, signer) => placeSigner(signer, index),
    setSigners: (signers) => patch({ signers: [...signers] }),
    removeSigner: (index) =>
      patch({ signers: state.get().signers.filter((_, position) => position !== index) }),
    moveSigner(from, to) {
      const signers = [...state.get().signers];
      const [moved] = signers.splice(from, 1);
      if (!moved) return;
      signers.splice(Math.max(0, Math.min(to, signers.length)), 0, moved);
      patch({ signers });
    },
    addFiles,
    cancelUpload,
    retryFile,
    removeFile,
    save,
    send,
    dispose() {
      disposed = true;
      upload?.controller.abort();
    },
  };
}
