import { sql } from 'drizzle-orm';
import type { SearchQuery, SearchResult } from '@trackboard/contracts';
import { memberships, projectDirectory, queryRows, type AuthUser, type Db } from '@trackboard/server-kit';
import { boards, issues } from '../db/schema';
import { isAdmin } from './permissions';
import { searchTerms } from './search-terms';

// GET /api/search: issues and projects the caller may see, in one statement. The text-search
// configuration is 'simple' here as in the column: the query's words must be normalised the way
// the documents' were.
//
// Issues, best first: an exact key; then how the text matches — the whole title as typed, every
// word as a whole word of the title, the title with the last word as a prefix, whole words
// anywhere (the description too), prefixes anywhere; within one of those, issues viewed lately,
// then the project on screen; then ts_rank. ts_rank alone let a description that repeats "darker"
// outrank the title "Dark mode", so how a match is made decides first, how often only last.
// Projects by key or name prefix.

/** The piece of a description around a match: a dozen-odd words, plain (no highlight markers). */
const HEADLINE_OPTIONS = 'StartSel="",StopSel="",MaxWords=18,MinWords=8,MaxFragments=1,FragmentDelimiter=" … "';
const SNIPPET_MAX = 160;

/**
 * websearch_to_tsquery (quotes, `or`, `-word`; never an error, whatever the text), with `:*` on
 * its last lexeme when the last word is a prefix: tsquery's text form is its input syntax, and
 * a prefixable last word is that form's last quoted lexeme.
 */
const textQuery = (q: string, prefix: boolean) =>
  prefix
    ? sql`regexp_replace(websearch_to_tsquery('simple', ${q})::text, '''$', ''':*')::tsquery`
    : sql`websearch_to_tsquery('simple', ${q})`;

/** The order of `matches` rows (see above) under the alias `at`, for the page and for its numbering. */
const bestFirst = (at: string) =>
  sql.raw(`${at}.exact desc, ${at}.tier, ${at}.boost desc, ${at}.rank desc, ${at}.id desc`);

export function createSearch(db: Db) {
  return {
    async search(user: AuthUser, { q, limit, offset, project, board, recent }: SearchQuery): Promise<SearchResult> {
      const { key, prefix } = searchTerms(q);
      const exact = key === null ? sql`false` : sql`${issues.key} = ${key}`;
      // Members see their projects, administrators every project (canSeeProject). A
      // deleted project has left the directory with its commit, so its issues go with it; an
      // archived one is hidden from search until it is unarchived.
      const everyProject = isAdmin(user);
      // The keys are checked (project key, dash, number): no comma inside one.
      const recentKeys = (recent ?? []).join(',');
      const [row] = await queryRows<SearchResult>(
        db,
        sql`
        with query as (select ${textQuery(q, prefix)} as q, websearch_to_tsquery('simple', ${q}) as words),
        visible as (
          select p.id, p.key, p.name,
            coalesce(p.key = ${project ?? null}::text
              or p.id = (select ${boards.projectId} from ${boards} where ${boards.id} = ${board ?? null}::bigint), false)
              as on_screen
          from ${projectDirectory} p
          where not p.archived and (${everyProject} or exists (
            select 1 from ${memberships} m where m.project_id = p.id and m.user_id = ${Number(user.id)}
          ))
        ),
        matches as (
          select ${issues.id} as id, ${issues.key} as key, ${issues.title} as title, ${issues.boardId} as board_id,
            ${issues.projectId} as project_id, ${issues.status} as status, ${issues.description} as description,
            ${issues.search} as search, ${exact} as exact,
            case
              when lower(${issues.title}) = lower(${q}) then 0
              when ts_filter(${issues.search}, '{a}') @@ query.words then 1
              when ts_filter(${issues.search}, '{a}') @@ query.q then 2
              when ${issues.search} @@ query.words then 3
              else 4
            end as tier,
            2 * (${issues.key} = any(string_to_array(${recentKeys}, ',')))::int + v.on_screen::int as boost,
            ts_rank(${issues.search}, query.q) as rank
          from ${issues} join visible v on v.id = ${issues.projectId}, query
          where (${exact} or ${issues.search} @@ query.q) and ${issues.deletedAt} is null
        ),
        hits as (select * from matches m order by ${bestFirst('m')} limit ${limit} offset ${offset}),
        found as (
          select h.id::text as id, h.key, h.title, h.board_id::text as board_id, v.key as project_key, h.status,
            left(btrim(regexp_replace(
              case when ts_filter(h.search, '{b}') @@ query.q
                then ts_headline('simple', h.description, query.q, ${HEADLINE_OPTIONS})
                else h.title end,
              '\\s+', ' ', 'g')), ${SNIPPET_MAX}) as snippet,
            row_number() over (order by ${bestFirst('h')}) as n
          from hits h join visible v on v.id = h.project_id, query
        ),
        projects as (
          select key, name, row_number() over (
            order by lower(key) = lower(${q}) desc, starts_with(lower(key), lower(${q})) desc, lower(name), key
          ) as n
          from visible
          where starts_with(lower(key), lower(${q})) or starts_with(lower(name), lower(${q}))
          order by n
          limit ${limit}
        )
        select
          coalesce((select json_agg(json_build_object('id', id, 'key', key, 'title', title, 'boardId', board_id,
            'projectKey', project_key, 'status', status, 'snippet', snippet) order by n) from found), '[]') as issues,
          (select count(*)::int from matches) as total,
          coalesce((select json_agg(json_build_object('key', key, 'name', name) order by n) from projects), '[]')
            as projects`,
      );
      return row!;
    },
  };
}
export type Search = ReturnType<typeof createSearch>;
