import type { Context } from 'hono';
import { ORIGIN_HEADER, truncateText } from '@trackboard/contracts';

/** The client's id for its own changes, echoed in board_updated so it can skip its echo. */
export const originOf = (c: Context) => truncateText(c.req.header(ORIGIN_HEADER) ?? '', 100) || undefined;
