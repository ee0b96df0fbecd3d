import { z } from 'zod';
import {
  BOARD_NAME_MAX_LENGTH,
  COMMENT_BODY_MAX_LENGTH,
  PROJECT_DESCRIPTION_MAX_LENGTH,
  lineText,
  multiLineText,
  singleLinePattern,
  statusForColumn,
  truncateText,
  type LabelColor,
} from '@trackboard/contracts';
import {
  calendarDate,
  checkIssueText,
  countOf,
  emptyIssue,
  failAt,
  type ImportPlan,
  type PlannedComment,
} from './import-plan';
import type { ImportProblems } from './import-problems';
import { parseJson } from './read-trackboard';

// A Trello board's JSON export ("Print, export and share" → "Export as JSON"; the board object
// of Trello's REST API with its lists, cards, labels, checklists, members and actions). What it
// becomes:
// - open lists → columns, by `pos` (a float: 16384, 65535.5, 0.0001…; ties keep the file's order);
//   a closed (archived) list is left out with its cards, and so is a closed card;
// - cards → issues, by `pos` within their list; the card's `due` → the due date (its UTC day),
//   its description, then its checklists (by `pos`, items by `pos`) as Markdown task lists under
//   each checklist's name as a heading, so their boxes tick on the board, then its links;
// - labels: the board's `labels`, and those cards carry themselves (older exports have no board
//   list, only each card's `labels`); a name, or the colour's name when it has none; Trello's
//   colours (and their `_dark`/`_light` shades) → our palette, none → gray; two labels of one
//   name become one;
// - comments: `commentCard` actions, oldest first, written as the importer's quoting the Trello
//   author's name (and `members[].email` when the export carries one: it may be the importer);
// - the first member of a card with a matching e-mail is its assignee, the rest stay unassigned;
// - a card's id starts with its creation time (seconds, hexadecimal): its createdAt;
// - attachments that are links (`isUpload: false`, or an address off trello.com) → a "Links"
//   heading at the end of the description, one Markdown link each; files uploaded to Trello
//   cannot be fetched without the owner's Trello session, so they stay there and are counted;
// - the job's summary counts what came across and names what was left out (archived lists and
//   cards, members beyond a card's first, Trello's other activity, uploaded files).

const TrelloDate = z.iso.datetime({ offset: true, error: 'must be an ISO date-time' });
const Pos = z.union(
  [
    z.number(),
    z
      .string()
      .regex(/^-?\d+(\.\d+)?$/)
      .transform(Number),
  ],
  {
    error: 'must be a number',
  },
);
// Every text that is kept is held to the API's text rule here, so a control character fails
// the file up front with its path (`lists[2].name: …`), before anything is written.
const TrelloLabel = z.object({ id: z.string(), name: lineText().nullish(), color: z.string().nullish() });
const TrelloBoard = z.object({
  name: lineText({ error: 'is required' }),
  desc: multiLineText().nullish(),
  labels: z.array(TrelloLabel).optional(),
  lists: z.array(z.object({ id: z.string(), name: lineText(), closed: z.boolean().default(false), pos: Pos })),
  cards: z.array(
    z.object({
      id: z.string(),
      name: lineText({ error: 'is required' }),
      desc: multiLineText().nullish(),
      closed: z.boolean().default(false),
      idList: z.string(),
      pos: Pos,
      due: TrelloDate.nullish(),
      idLabels: z.array(z.string()).default([]),
      labels: z.array(TrelloLabel).default([]),
      attachments: z
        .array(z.object({ url: z.string().nullish(), name: z.string().nullish(), isUpload: z.boolean().nullish() }))
        .default([]),
      idMembers: z.array(z.string()).default([]),
      dateLastActivity: TrelloDate.nullish(),
    }),
  ),
  checklists: z
    .array(
      z.object({
        idCard: z.string(),
        name: lineText().nullish(),
        pos: Pos.default(0),
        checkItems: z
          .array(z.object({ name: lineText(), pos: Pos.default(0), state: z.enum(['complete', 'incomplete']) }))
          .default([]),
      }),
    )
    .default([]),
  members: z
    .array(z.object({ id: z.string(), fullName: lineText().nullish(), email: lineText().nullish() }))
    .default([]),
  actions: z
    .array(
      z.looseObject({
        type: z.string(),
        date: TrelloDate,
        idMemberCreator: z.string().nullish(),
        memberCreator: z.object({ id: z.string().nullish(), fullName: lineText().nullish() }).nullish(),
        data: z
          .looseObject({ text: multiLineText().nullish(), card: z.object({ id: z.string() }).nullish() })
          .nullish(),
      }),
    )
    .default([]),
});

const trelloColours: Record<string, LabelColor> = {
  green: 'green',
  yellow: 'yellow',
  orange: 'orange',
  red: 'red',
  purple: 'purple',
  blue: 'blue',
  sky: 'teal',
  lime: 'green',
  pink: 'pink',
  black: 'gray',
};
/** `sky_dark` → teal; an unknown colour or none → gray. */
export const labelColour = (colour: string | null | undefined): LabelColor =>
  trelloColours[(colour ?? '').replace(/_(dark|light)$/, '')] ?? 'gray';

/** An attachment's URL kept as a link: a web address without spaces or control characters. */
const isLink = (url: string) => /^https?:\/\/\S+$/i.test(url) && url.length <= 2000 && singleLinePattern.test(url);

/** Trello's own hosts: an attachment there is a file uploaded to Trello. */
const onTrello = (url: string) => {
  try {
    const host = new URL(url).hostname.toLowerCase();
    return host === 'trello.com' || host.endsWith('.trello.com');
  } catch {
    return false;
  }
};

/** A file uploaded to the card (Trello says so, or older exports: it lives on trello.com), not a link. */
const isUploaded = (attachment: { url?: string | null; isUpload?: boolean | null }) =>
  attachment.isUpload !== false && onTrello(attachment.url ?? '');

/** `- [name](url)`, the name's brackets and the address's parentheses and spaces escaped. */
const markdownLink = (name: string, url: string) =>
  `- [${name.replace(/\s+/g, ' ').replace(/[[\]\\]/g, (c) => `\\${c}`)}](${url.replace(/[()<> ]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)})`;

/** Stable order by `pos`: equal positions keep the file's order. */
const byPos = <T extends { pos: number }>(items: T[]) =>
  items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => a.item.pos - b.item.pos || a.index - b.index)
    .map(({ item }) => item);

/** Trello ids are MongoDB ObjectIds: the first 4 bytes are the creation time in seconds. */
const createdAtOf = (id: string) =>
  /^[0-9a-f]{24}$/i.test(id) ? new Date(parseInt(id.slice(0, 8), 16) * 1000).toISOString() : null;

export function readTrello(text: string, problems: ImportProblems): ImportPlan {
  const parsed = TrelloBoard.safeParse(parseJson(text));
  if (!parsed.success) return problems.refused(parsed.error);
  const board = parsed.data;
  const cardIndex = new Map(board.cards.map((card, index) => [card.id, index]));

  const emailOf = new Map(
    board.members.filter((m) => m.email).map((m) => [m.id, m.email!.trim().toLowerCase()] as const),
  );
  const nameOf = new Map(board.members.map((m) => [m.id, m.fullName ?? ''] as const));

  const labels = new Map<string, { name: string; color: LabelColor }>();
  const labelName = new Map<string, string>();
  for (const label of [...(board.labels ?? []), ...board.cards.flatMap((card) => card.labels)]) {
    if (labelName.has(label.id)) continue;
    const name = truncateText(label.name?.trim() || label.color || 'label', 50);
    labelName.set(label.id, name);
    if (!labels.has(name.toLowerCase())) labels.set(name.toLowerCase(), { name, color: labelColour(label.color) });
  }

  const checklists = new Map<string, typeof board.checklists>();
  for (const list of byPos(board.checklists))
    checklists.set(list.idCard, [...(checklists.get(list.idCard) ?? []), list]);

  const comments = new Map<string, PlannedComment[]>();
  // Trello lists actions newest first.
  const commentActions = board.actions
    .filter((a) => a.type === 'commentCard' && a.data?.card?.id && a.data.text?.trim())
    .sort((a, b) => Date.parse(a.date) - Date.parse(b.date));
  for (const action of commentActions) {
    const memberId = action.idMemberCreator ?? action.memberCreator?.id ?? '';
    const author = emailOf.get(memberId) ?? null;
    const name = action.memberCreator?.fullName ?? nameOf.get(memberId) ?? '';
    const text = action.data!.text!.trim();
    const comment: PlannedComment = {
      author,
      authorName: name || null,
      body: truncateText(text, COMMENT_BODY_MAX_LENGTH),
      createdAt: new Date(action.date).toISOString(),
      editedAt: null,
      reactions: { thumbsup: [], heart: [] },
      replies: [],
    };
    const cardId = action.data!.card!.id;
    comments.set(cardId, [...(comments.get(cardId) ?? []), comment]);
  }

  const openLists = byPos(board.lists.filter((l) => !l.closed));
  if (openLists.length === 0) failAt({ field: 'lists' }, 'has no open list');
  if (openLists.length > 20) failAt({ field: 'lists' }, 'a board holds at most 20 columns (lists)');
  const cardsOf = new Map(openLists.map((l) => [l.id, [] as typeof board.cards]));
  for (const card of board.cards) if (!card.closed) cardsOf.get(card.idList)?.push(card);

  const folded = { checklists: 0, attachments: 0 };
  const dropped = { uploads: 0, unlinkable: 0, members: 0 };
  const members = new Set(emailOf.values());
  const plan: ImportPlan = {
    description: truncateText(board.desc ?? '', PROJECT_DESCRIPTION_MAX_LENGTH),
    members: [...members],
    boards: [
      {
        name: truncateText(board.name.trim(), BOARD_NAME_MAX_LENGTH) || 'Trello board',
        labels: [...labels.values()],
        columns: openLists.map((list) => ({
          name: truncateText(list.name.trim(), 100) || 'Untitled list',
          wipLimit: null,
          issues: byPos(cardsOf.get(list.id)!).map((card) => {
            const at = (field: string) => ({
              field: `cards[${cardIndex.get(card.id)}].${field === 'title' ? 'name' : 'desc'}`,
            });
            const issue = emptyIssue(card.name.trim());
            const tasks = (checklists.get(card.id) ?? []).map(
              (list) =>
                `${list.name?.trim() ? `### ${list.name.trim()}\n\n` : ''}${byPos(list.checkItems)
                  .map((item) => `- [${item.state === 'complete' ? 'x' : ' '}] ${item.name.trim()}`)
                  .join('\n')}`,
            );
            const links = card.attachments.filter((a) => !isUploaded(a));
            const linkable = [...new Map(links.filter((a) => isLink(a.url ?? '')).map((a) => [a.url!, a])).values()];
            const linkList = linkable.length
              ? `### Links\n\n${linkable.map((a) => markdownLink(a.name?.trim() || a.url!, a.url!)).join('\n')}`
              : '';
            issue.description = [(card.desc ?? '').trim(), ...tasks, linkList].filter(Boolean).join('\n\n');
            folded.checklists += tasks.length;
            issue.status = statusForColumn(list.name);
            issue.dueDate = card.due ? calendarDate(new Date(card.due).toISOString().slice(0, 10)) : null;
            const labelIds = [...card.idLabels, ...card.labels.map((l) => l.id)];
            issue.labels = [...new Set(labelIds.map((id) => labelName.get(id)).filter((n): n is string => !!n))];
            issue.assignee = card.idMembers.map((id) => emailOf.get(id)).find(Boolean) ?? null;
            dropped.members += Math.max(0, card.idMembers.length - 1);
            folded.attachments += linkable.length;
            dropped.uploads += card.attachments.length - links.length;
            dropped.unlinkable += links.filter((a) => !isLink(a.url ?? '')).length;
            issue.createdAt = createdAtOf(card.id);
            issue.updatedAt = card.dateLastActivity ? new Date(card.dateLastActivity).toISOString() : issue.createdAt;
            issue.comments = comments.get(card.id) ?? [];
            problems.check(() => checkIssueText(issue, at));
            return issue;
          }),
        })),
      },
    ],
  };

  const closedLists = new Set(board.lists.filter((l) => l.closed).map((l) => l.id));
  const knownLists = new Set(board.lists.map((l) => l.id));
  const cardsOnClosedLists = board.cards.filter((c) => closedLists.has(c.idList)).length;
  plan.folded = {
    ...folded,
    leftOut: [
      ...countOf(closedLists.size, 'archived list').map((text) =>
        cardsOnClosedLists ? `${text} with ${countOf(cardsOnClosedLists, 'card')[0]}` : text,
      ),
      ...countOf(board.cards.filter((c) => c.closed && !closedLists.has(c.idList)).length, 'archived card'),
      ...countOf(
        board.cards.filter((c) => !knownLists.has(c.idList)).length,
        'card on a list the file lacks',
        'cards on lists the file lacks',
      ),
      ...countOf(
        dropped.members,
        'card member beyond the first (an issue has one assignee)',
        'card members beyond the first (an issue has one assignee)',
      ),
      ...countOf(
        dropped.uploads,
        'file uploaded to Trello (Trello keeps it: download it from its card)',
        'files uploaded to Trello (Trello keeps them: download them from their cards)',
      ),
      ...countOf(dropped.unlinkable, 'attachment without a web address', 'attachments without a web address'),
      ...countOf(
        board.actions.filter((a) => a.type !== 'commentCard').length,
        'entry of Trello’s activity log (only comments come across)',
        'entries of Trello’s activity log (only comments come across)',
      ),
    ],
  };
  return plan;
}
