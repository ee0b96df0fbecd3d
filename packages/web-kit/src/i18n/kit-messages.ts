import { defineCatalogue } from './i18n';
import english from './messages/en.json';

/** What web-kit's own parts say (the 404 page, relative times, dialogs), in the page's language. */
export const kitText = defineCatalogue('kit', english, { de: () => import('./messages/de.json') });
