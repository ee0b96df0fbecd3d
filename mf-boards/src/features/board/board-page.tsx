import { useParams } from 'react-router';

/** Board view, /boards/{boardId} (spec §2.11): placeholder until the board feature lands. */
export function BoardPage() {
  const { boardId } = useParams();
  return <h1>Board {boardId}</h1>;
}
