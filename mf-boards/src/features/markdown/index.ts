// Markdown in descriptions and comments (issue 12).
export { Markdown, preloadMarkdown } from './markdown';
export { MarkdownEditor } from './markdown-editor';
export { MentionMembers } from './mention-members';
export type { Mentionable } from './mentions';
