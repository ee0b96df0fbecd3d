export { CommentsPanel } from './comments-panel';
export { deleteCommentConfirmation, type CommentViewer } from './comment-item';
