import { errorReason } from '@trackboard/web-kit';
import { linkTexts, readableReason } from './link-texts';

/** Why a link change was refused, as a sentence to show beside its form. */
export const refusalOf = (error: unknown) => readableReason(errorReason(error, linkTexts.failedReason));
