import { z } from 'zod';
import { idPattern } from './rules';

/**
 * A row id wherever a request carries one (path, query or body): text or a number that
 * matches `idPattern`, handed on as a number. Anything else is a 400 naming the field.
 */
export const Id = z
  .union([z.string(), z.number()], { error: 'must be an id' })
  .transform(String)
  .pipe(z.string().regex(idPattern, 'must be an id'))
  .transform(Number);

/** The path of every `/:id` route. */
export const IdParam = z.object({ id: Id });
export type IdParam = z.infer<typeof IdParam>;
