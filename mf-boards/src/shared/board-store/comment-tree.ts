import type { CommentDto, Reactions } from '@trackboard/contracts';

// The selected issue's comment tree: replies nest under their parent, any depth.

const mapTree = (comments: CommentDto[], change: (comment: CommentDto) => CommentDto | null): CommentDto[] =>
  comments.flatMap((comment) => {
    const changed = change(comment);
    if (!changed) return [];
    const replies = changed.replies.length ? mapTree(changed.replies, change) : changed.replies;
    return [replies === changed.replies ? changed : { ...changed, replies }];
  });

/** Top-level comments are appended; a reply goes under its parent (appended to the end when the parent is gone). */
export function addToTree(comments: CommentDto[], comment: CommentDto): CommentDto[] {
  if (!comment.parentCommentId) return [...comments, comment];
  let placed = false;
  const tree = mapTree(comments, (node) => {
    if (node.id !== comment.parentCommentId) return node;
    placed = true;
    return { ...node, replies: [...node.replies, comment] };
  });
  return placed ? tree : [...comments, comment];
}

/** Merges the server's fields into the comment, keeping its replies. */
export const updateInTree = (comments: CommentDto[], comment: Partial<CommentDto> & { id: string }) =>
  mapTree(comments, (node) => (node.id === comment.id ? { ...node, ...comment, replies: node.replies } : node));

/** Removes the comment and its replies. */
export const removeFromTree = (comments: CommentDto[], commentId: string) =>
  mapTree(comments, (node) => (node.id === commentId ? null : node));

export const setReactionsInTree = (comments: CommentDto[], commentId: string, reactions: Reactions) =>
  mapTree(comments, (node) => (node.id === commentId ? { ...node, reactions } : node));
