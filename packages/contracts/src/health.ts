import { z } from 'zod';

export const HealthResponse = z.object({ status: z.literal('ok'), service: z.string() });
export type HealthResponse = z.infer<typeof HealthResponse>;

export const ReadyResponse = z.object({ status: z.enum(['ready', 'unavailable']), service: z.string() });
export type ReadyResponse = z.infer<typeof ReadyResponse>;
