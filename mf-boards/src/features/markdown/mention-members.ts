import { createContext, useContext } from 'react';
import type { Mentionable } from './mentions';

/**
 * The people an `@` in a Markdown editor may mention: the issue dialog provides
 * the project's members (the board fetch's team) to every editor inside it, the description's
 * and the comments'. Outside a provider an `@` is just a character.
 */
export const MentionMembers = createContext<readonly Mentionable[]>([]);

export const useMentionMembers = () => useContext(MentionMembers);
