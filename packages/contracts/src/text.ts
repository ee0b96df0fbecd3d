import { z } from 'zod';
import { messages } from './messages';

// One rule for every text field of every request and query: no control characters (C0, DEL
// and C1) and no unpaired surrogates. A NUL makes PostgreSQL refuse the statement, which was a
// 500; the others hide in logs, mails and the page. Text that spans lines keeps its line breaks
// and tabs.

/** One line: names, titles, e-mail addresses, searches, tokens, passwords. */
export const singleLinePattern = /^\P{Cc}*$/u;
/** Several lines (descriptions, comments, bios): line feeds and tabs, no other control characters. */
export const multiLinePattern = /^(?:\P{Cc}|[\n\t])*$/u;

/**
 * No half of a character: a UTF-16 surrogate without its pair (JSON may carry one as `\ud83d`).
 * PostgreSQL's jsonb refuses it, which was a 500 where an event carried the text, and its text
 * columns store U+FFFD in its place. In `u` mode a pair is one code point, so emoji pass.
 */
export const wellFormedPattern = /^\P{Cs}*$/u;

/** A one-line text field; chain trim, min and max as usual. */
export const lineText = (params?: Parameters<typeof z.string>[0]) =>
  z
    .string(params)
    .regex(singleLinePattern, messages.controlCharacters)
    .regex(wellFormedPattern, messages.unpairedSurrogates);

/**
 * CR LF and a lone CR become LF: text pasted or exported on Windows (and old Mac) breaks its
 * lines so, and stored one way it compares, counts and renders alike.
 */
export const normaliseLineBreaks = (text: string) => text.replace(/\r\n?/g, '\n');

/** A text field that may span lines; its line breaks are made LF (normaliseLineBreaks) before it is checked. */
export const multiLineText = (params?: Parameters<typeof z.string>[0]) =>
  z
    .string(params)
    .overwrite(normaliseLineBreaks)
    .regex(multiLinePattern, messages.controlCharacters)
    .regex(wellFormedPattern, messages.unpairedSurrogates);
