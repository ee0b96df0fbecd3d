import type { CommentDto } from '@trackboard/contracts';
import { comment } from '../../testing/board-fixtures';
import { addToTree, removeFromTree, setReactionsInTree, updateInTree } from './comment-tree';

// 50 ─ 51 ─ 52, and 60 beside it.
const tree = (): CommentDto[] => [
  comment({
    id: '50',
    replies: [comment({ id: '51', parentCommentId: '50', replies: [comment({ id: '52', parentCommentId: '51' })] })],
  }),
  comment({ id: '60' }),
];
const ids = (list: CommentDto[]): unknown[] => list.map((c) => (c.replies.length ? [c.id, ids(c.replies)] : c.id));

describe('the comment tree', () => {
  it('appends a top-level comment and nests a reply under its parent, any depth', () => {
    expect(ids(addToTree(tree(), comment({ id: '70' })))).toEqual([['50', [['51', ['52']]]], '60', '70']);
    expect(ids(addToTree(tree(), comment({ id: '53', parentCommentId: '52' })))).toEqual([
      ['50', [['51', [['52', ['53']]]]]],
      '60',
    ]);
  });

  it('appends a reply whose parent is gone at the top level', () => {
    expect(ids(addToTree(tree(), comment({ id: '80', parentCommentId: '99' })))).toEqual([
      ['50', [['51', ['52']]]],
      '60',
      '80',
    ]);
  });

  it('merges an edit into the comment and keeps its replies', () => {
    const edited = updateInTree(tree(), { id: '51', body: 'Edited', edited: true, replies: [] });
    expect(edited[0]!.replies[0]).toMatchObject({ body: 'Edited', edited: true });
    expect(ids(edited)).toEqual([['50', [['51', ['52']]]], '60']);
  });

  it('removes a comment with its replies', () => {
    expect(ids(removeFromTree(tree(), '51'))).toEqual(['50', '60']);
  });

  it('replaces the reactions of one comment only', () => {
    const reacted = setReactionsInTree(tree(), '52', { thumbsup: ['7'], heart: [] });
    expect(reacted[0]!.replies[0]!.replies[0]!.reactions).toEqual({ thumbsup: ['7'], heart: [] });
    expect(reacted[1]!.reactions).toEqual({ thumbsup: [], heart: [] });
  });
});
