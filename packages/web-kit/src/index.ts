// The shared singleton of the web app (ARCHITECTURE §5): shell and remotes import these
// from one loaded copy, so they see one session store and one API client.
export { api, apiBasePath, apiRequest, ApiError, type RequestOptions } from './api/api-client';
export { useSession, readStoredSession, type SessionState, type StoredSession } from './session/session-store';
export { isAdmin, type SessionUser } from './session/session-user';
export { storageKeys } from './session/storage-keys';
export { NotFoundPage } from './ui/not-found-page';
