import { zValidator } from '@hono/zod-validator';
import type { ZodType } from 'zod';
import { describeZodError } from './app';
import { Invalid } from './errors';

type Target = 'json' | 'query' | 'param';

/** zod on every input: a failure is a 400 whose message names the field. */
export const validate = <T extends ZodType, K extends Target>(target: K, schema: T) =>
  zValidator(target, schema, (result) => {
    if (!result.success) throw new Invalid(describeZodError(result.error));
  });
