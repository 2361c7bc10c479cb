import { z } from 'zod';
import { FOLDER_NAME_MAX } from '../limits';
import { companyParamsSchema, resourceIdSchema } from './documents';
import { hasControlCharacters } from './text';

/** A folder name: required, at most FOLDER_NAME_MAX characters after trimming; unique among siblings (server). */
export const folderNameSchema = z
  .string({ error: 'FOLDER_NAME_REQUIRED' })
  .refine((value) => !hasControlCharacters(value), { error: 'CONTROL_CHARACTERS' })
  .trim()
  .min(1, { error: 'FOLDER_NAME_REQUIRED' })
  .max(FOLDER_NAME_MAX, { error: 'FOLDER_NAME_TOO_LONG' });

/** A company's folder; folders are shared by every user of the company (SPEC section 6). */
export const folderSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  parentId: z.number().int().nullable(),
  documentCount: z.number().int().meta({ description: 'Documents directly in this folder.' }),
  createdAt: z.string(),
});
/** See {@link folderSchema}. */
export type Folder = z.infer<typeof folderSchema>;

/** Body of `createFolder`: a name and, for a subfolder, its parent. */
export const createFolderRequestSchema = z.object({
  name: folderNameSchema,
  parentId: z.number().int().positive().nullable().optional(),
});
/** See {@link createFolderRequestSchema}. */
export type CreateFolderRequest = z.infer<typeof createFolderRequestSchema>;

/** Body of `updateFolder`: rename, move (parentId; null for the top level), or both. */
export const updateFolderRequestSchema = z.object({
  name: folderNameSchema.optional(),
  parentId: z.number().int().positive().nullable().optional(),
});
/** See {@link updateFolderRequestSchema}. */
export type UpdateFolderRequest = z.infer<typeof updateFolderRequestSchema>;

/** Path parameters of one folder. */
export const folderParamsSchema = companyParamsSchema.extend({ folderId: resourceIdSchema });
