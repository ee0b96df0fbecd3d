import { z } from 'zod';
import { lineText } from './text';

/**
 * A query parameter that lists several values, comma-separated (`?status=TODO,IN_PROGRESS`), as
 * the board filter keeps its choices in the address: each value checked by `item` (an error names
 * the field and the value's place, `status.1: …`), empty pieces ignored, at most `max` of them.
 */
export const commaList = <T extends z.ZodType<unknown, string>>(item: T, max: number) =>
  lineText()
    .transform((text) =>
      text
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean),
    )
    .pipe(z.array(item).max(max, `must list at most ${max}`));
