import { validator } from 'hono-openapi';
import type { ZodType } from 'zod';
import { describeZodError } from './app';
import { Invalid } from './errors';

type Target = 'json' | 'query' | 'param';

/**
 * zod on every input: a failure is a 400 whose message names the field. Built on hono-openapi's
 * validator, so the same schema that checks a request describes it in the service's OpenAPI
 * document (openapi.ts).
 */
export const validate = <T extends ZodType, K extends Target>(target: K, schema: T) =>
  validator(target, schema, (result) => {
    if (!result.success)
      throw new Invalid(
        describeZodError({
          issues: result.error.map(({ path = [], message }) => ({
            path: path.map((p) => (typeof p === 'object' ? p.key : p)),
            message,
          })),
        }),
      );
  });
