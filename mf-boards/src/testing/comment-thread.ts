import { fireEvent, screen } from '@testing-library/react';
import type { CommentDto } from '@trackboard/contracts';
import { answer, type FakeRoute } from '@trackboard/web-kit/testing';
import { comment, issue } from './board-fixtures';
import { card, renderBoard } from './render-board';

/** A thread by Grace (with Ada's edited reply) and a comment by an account with no name. */
export const thread = (): CommentDto[] => [
  comment({
    id: '50',
    author: { id: '8', name: 'Grace Hopper', avatarUrl: null },
    body: 'Looks good',
    reactions: { thumbsup: ['7', '8'], heart: ['8'] },
    replies: [
      comment({ id: '51', parentCommentId: '50', body: 'Thanks!', edited: true, editedAt: '2025-01-04T10:00:00.000Z' }),
    ],
  }),
  comment({ id: '60', author: { id: '9', name: '', avatarUrl: null }, body: 'Anonymous remark' }),
];

/** The board with the dialog of the issue with id 1 open, its comments answered with `comments`. */
export async function openComments(
  comments: CommentDto[] | FakeRoute = thread(),
  routes: Record<string, FakeRoute> = {},
) {
  const rendered = await renderBoard(undefined, {
    'GET /api/issues/1': answer(200, issue({ id: '1', columnId: '10', position: 0, title: 'Write the spec' })),
    'GET /api/issues/1/comments': Array.isArray(comments) ? answer(200, comments) : comments,
    ...routes,
  });
  fireEvent.click(card('Write the spec'));
  const dialog = await screen.findByRole('dialog');
  return { ...rendered, dialog };
}

/** The comment article of that author (the nth when several). */
export const byAuthor = (name: string, nth = 0) => screen.getAllByRole('article', { name: `Comment by ${name}` })[nth]!;
