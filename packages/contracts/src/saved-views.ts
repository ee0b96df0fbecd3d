import { z } from 'zod';
import { Id } from './ids';
import { messages } from './messages';
import { SAVED_VIEW_NAME_MAX_LENGTH, SAVED_VIEW_QUERY_MAX_LENGTH, savedViewQuery } from './saved-view-rules';
import { lineText } from './text';

// Saved views: a board's address (its filters, view, sort and grouping, as the board page keeps
// them in its query) saved under a name, for its author alone or shared with the project. The
// zod-free parts (limits, the query's form, the path it opens) are in saved-view-rules.ts.

export * from './saved-view-rules';

const SavedViewName = lineText({ error: 'is required' })
  .trim()
  .min(1, 'is required')
  .max(SAVED_VIEW_NAME_MAX_LENGTH, `must be at most ${SAVED_VIEW_NAME_MAX_LENGTH} characters`);

const SavedViewQueryText = lineText({ error: 'must be text' })
  .transform(savedViewQuery)
  .pipe(z.string().max(SAVED_VIEW_QUERY_MAX_LENGTH, `must be at most ${SAVED_VIEW_QUERY_MAX_LENGTH} characters`));

const Shared = z.boolean({ error: 'must be true or false' });

/** `POST /api/projects/:key/views`. */
export const CreateSavedViewRequest = z
  .object({
    name: SavedViewName,
    boardId: Id,
    query: SavedViewQueryText.default(''),
    shared: Shared.default(false),
  })
  .strict();
export type CreateSavedViewRequest = z.input<typeof CreateSavedViewRequest>;

/** `PATCH /api/views/:id`: any of name, query and shared. */
export const UpdateSavedViewRequest = z
  .object({ name: SavedViewName.optional(), query: SavedViewQueryText.optional(), shared: Shared.optional() })
  .strict()
  .refine((u) => Object.values(u).some((v) => v !== undefined), { message: messages.noChanges });
export type UpdateSavedViewRequest = z.input<typeof UpdateSavedViewRequest>;

export const SavedViewDto = z.object({
  id: z.string(),
  projectKey: z.string(),
  boardId: z.string(),
  name: z.string(),
  /** The board page's query, without `?`: open it at `/boards/<boardId>?<query>` (savedViewPath). */
  query: z.string(),
  /** Listed for every member of the project; otherwise for its author alone. */
  shared: z.boolean(),
  authorId: z.string(),
  /** The author's name, while the account exists. */
  authorName: z.string().optional(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type SavedViewDto = z.infer<typeof SavedViewDto>;
