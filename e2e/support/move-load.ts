// Moves through the gateway for as long as it runs: each mover has an issue of its own and moves
// it between two columns, so moves never depend on each other and every one should answer 200.
// Each answer is kept with the moment its request was sent, for a test to judge by time.

/** `error`: what went wrong, for a failed answer (its body, or the fetch error) — a failed test names its cause. */
export type MoveAnswer = { sentAt: number; status: number; error?: string; requestId?: string };

export type MoveLoad = {
  answers: MoveAnswer[];
  /** Stops after the moves in flight have answered. */
  stop(): Promise<MoveAnswer[]>;
};

export function startMoveLoad({
  url,
  token,
  boardId,
  columnIds,
  issueIds,
}: {
  url: string;
  token: string;
  boardId: string;
  columnIds: [string, string];
  issueIds: string[];
}): MoveLoad {
  const answers: MoveAnswer[] = [];
  let stopping = false;
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  const movers = issueIds.map(async (issueId) => {
    let at = 0;
    while (!stopping) {
      const to = 1 - at;
      const sentAt = Date.now();
      try {
        const res = await fetch(`${url}/api/issues/${issueId}/position`, {
          method: 'PUT',
          headers,
          body: JSON.stringify({
            sourceColumnId: columnIds[at],
            destinationColumnId: columnIds[to],
            position: 0,
            boardId,
          }),
          // A request that never answers counts as lost rather than holding the load up.
          signal: AbortSignal.timeout(15_000),
        });
        const body = await res.text();
        answers.push(
          res.ok
            ? { sentAt, status: res.status }
            : { sentAt, status: res.status, error: body, requestId: res.headers.get('x-request-id') ?? undefined },
        );
        if (res.ok) at = to;
      } catch (err) {
        answers.push({ sentAt, status: 0, error: (err as Error).message });
      }
    }
  });
  return {
    answers,
    async stop() {
      stopping = true;
      await Promise.all(movers);
      return answers;
    },
  };
}
