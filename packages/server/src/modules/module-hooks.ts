import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';

/**
 * A named extension point between modules: one module calls it, others add listeners. Modules never touch
 * each other's tables; when one owns a fact another keeps a reference to, it runs a hook and the other
 * answers on its own tables.
 */
export interface Hook<TEvent, TResult = void> {
  /** Adds a listener; listeners run in the order they were added. */
  add(listener: (event: TEvent) => Promise<TResult>): void;
  /** Runs every listener one after another (they may share one transaction) and answers their results. */
  run(event: TEvent): Promise<TResult[]>;
}

/** Creates an empty {@link Hook}. */
export function createHook<TEvent, TResult = void>(): Hook<TEvent, TResult> {
  const listeners: Array<(event: TEvent) => Promise<TResult>> = [];
  return {
    add(listener) {
      listeners.push(listener);
    },
    async run(event) {
      const results: TResult[] = [];
      for (const listener of listeners) results.push(await listener(event));
      return results;
    },
  };
}

/** Folders of a company were deleted (a folder and its subtree). */
export interface FoldersDeletedEvent {
  /**
   * The transaction that deleted them, still open: write through it, so the references go with the
   * folders or not at all.
   */
  trx: Transaction<Database>;
  bin: string;
  /** Every deleted folder id (the folder named in the request and all its descendants). */
  folderIds: readonly number[];
}

/** Which company's folders to count documents in. */
export interface FolderDocumentCountQuery {
  db: Kysely<Database>;
  bin: string;
}

/** Documents directly in each folder of the company, by folder id; folders left out hold none. */
export type FolderDocumentCounts = ReadonlyMap<number, number>;

/** The extension points of the built-in modules; one set per app, in {@link ModuleContext}. */
export interface ModuleHooks {
  /**
   * Run by the folders module inside the transaction that deleted folders, after the delete. The documents
   * module adds a listener that takes its documents out of those folders (`folder_id` to null).
   */
  readonly foldersDeleted: Hook<FoldersDeletedEvent>;
  /**
   * Run by the folders module to fill `documentCount`; the results of every listener are summed. Without a
   * listener every folder counts 0 documents.
   */
  readonly folderDocumentCounts: Hook<FolderDocumentCountQuery, FolderDocumentCounts>;
}

/** A fresh set of {@link ModuleHooks} with no listeners. */
export function createModuleHooks(): ModuleHooks {
  return {
    foldersDeleted: createHook(),
    folderDocumentCounts: createHook(),
  };
}
