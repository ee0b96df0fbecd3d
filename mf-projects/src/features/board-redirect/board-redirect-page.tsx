import { useParams } from 'react-router';

/**
 * Project redirect, /board/{key} (spec §2.9): will fetch the project and replace the
 * location with its first board. Placeholder until then.
 */
export function BoardRedirectPage() {
  const { key } = useParams();
  return <h1>Opening the board of project {key}</h1>;
}
