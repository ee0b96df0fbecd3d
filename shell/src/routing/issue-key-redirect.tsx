import { issuePath, type IssueDto } from '@trackboard/contracts';
import {
  api,
  ApiError,
  errorReason,
  MessageBox,
  NotFoundPage,
  retryUnlessClientError,
  Spinner,
} from '@trackboard/web-kit';
import { Navigate, useParams } from 'react-router';
import useSWR from 'swr';
import { uiMessages } from '../ui-messages';

/**
 * /issues/{key}: a short, shareable address for an issue. The key is looked up
 * (GET /issues/by-key/{key}) and the address replaced with the issue's deep link, so Back never
 * lands here again. A key that does not exist, or whose project the user is not in, is the 404
 * page: the server answers both alike, so a link tells outsiders nothing.
 */
export default function IssueKeyRedirect() {
  const { key = '' } = useParams();
  const { data: issue, error } = useSWR(
    ['issue-by-key', key],
    () => api.get<IssueDto>(`/issues/by-key/${encodeURIComponent(key)}`),
    { shouldRetryOnError: retryUnlessClientError, revalidateOnFocus: false },
  );
  if (issue) return <Navigate to={issuePath(issue.boardId, issue.key)} replace />;
  if (error instanceof ApiError && error.status < 500) return <NotFoundPage />;
  if (error)
    return (
      <MessageBox tone="error">
        <p>{errorReason(error, uiMessages.fetchIssueFailed)}</p>
      </MessageBox>
    );
  return <Spinner />;
}
