import { useEffect, useState } from 'react';
import { useBoardStore } from '../../shared/board-store';
import { labelApi } from './label-api';

/**
 * How many issues carry each of the board's labels, by label id, as the server counts them: asked
 * again whenever the board's version moves (any change to its issues or labels, here or elsewhere),
 * so a delete's confirmation names what it would take off now. Undefined until the first answer,
 * or when it could not be had (the confirmation then names no count).
 */
export function useLabelUsage(boardId: string): ReadonlyMap<string, number> | undefined {
  const version = useBoardStore((s) => (s.board?.id === boardId ? s.version : null));
  const [usage, setUsage] = useState<ReadonlyMap<string, number>>();
  useEffect(() => {
    if (version === null) return;
    let current = true;
    labelApi.usage(boardId).then(
      (labels) => {
        if (current) setUsage(new Map(labels.map((label) => [label.id, label.issueCount])));
      },
      () => {
        if (current) setUsage(undefined);
      },
    );
    return () => {
      current = false;
    };
  }, [boardId, version]);
  return usage;
}
