export { CommentsPanel, preloadComments } from './lazy-comments-panel';
export type { CommentViewer } from './comment-item';
