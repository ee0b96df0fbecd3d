import { z } from 'zod';

/**
 * The body of every error answer (server-kit's onError): the catalogue's message, the id to quote
 * on a 5xx, and on some answers more fields (a 409 may carry the current issue or account).
 */
export const ErrorResponse = z
  .object({ message: z.string(), requestId: z.string().optional() })
  .loose()
  .meta({ id: 'Error' });
export type ErrorResponse = z.infer<typeof ErrorResponse>;
