import { useDocumentTitle } from '@trackboard/web-kit';
import { useLocation } from 'react-router';
import { documentTitle } from './document-title';

/** Titles the tab after the route, as a fallback the page itself may replace. */
export function RouteDocumentTitle() {
  const { pathname } = useLocation();
  useDocumentTitle(documentTitle(pathname), { fallback: true });
  return null;
}
