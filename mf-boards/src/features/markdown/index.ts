// Markdown in descriptions and comments.
export { Markdown, preloadMarkdown } from './markdown';
export { MarkdownEditor } from './markdown-editor';
export { MentionMembers } from './mention-members';
export type { Mentionable } from './mentions';
