// Markdown in descriptions and comments.
export { Markdown, preloadMarkdown } from './markdown';
export { MarkdownEditor } from './markdown-editor';
export { MentionMembers } from './mention-members';
export { ImageUploads, type UploadImage } from './image-uploads';
export type { Mentionable } from './mentions';
export type { OnTick } from './task-boxes';
