import { sql } from 'drizzle-orm';
import type { SearchQuery, SearchResult } from '@trackboard/contracts';
import { memberships, projectDirectory, queryRows, type AuthUser, type Db } from '@trackboard/server-kit';
import { issues } from '../db/schema';
import { isAdmin } from './permissions';
import { searchTerms } from './search-terms';

// GET /api/search (issue #13): issues and projects the caller may see, in one statement.
// Issues: an exact key first, then full-text matches by ts_rank (title above description, the
// weights of the generated `search` column); projects by key or name prefix. The text-search
// configuration is 'simple' here as in the column: the query's words must be normalised the
// way the documents' were.

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

export function createSearch(db: Db) {
  return {
    async search(user: AuthUser, { q, limit }: SearchQuery): Promise<SearchResult> {
      const { key, prefix } = searchTerms(q);
      const exact = key === null ? sql`false` : sql`${issues.key} = ${key}`;
      // Members see their projects, administrators every project (spec §6: canSeeProject). A
      // deleted project has left the directory with its commit, so its issues go with it; an
      // archived one is hidden from search (issue 15) until it is unarchived.
      const everyProject = isAdmin(user);
      const [row] = await queryRows<SearchResult>(
        db,
        sql`
        with query as (select ${textQuery(q, prefix)} as q),
        visible as (
          select p.id, p.key, p.name from ${projectDirectory} p
          where not p.archived and (${everyProject} or exists (
            select 1 from ${memberships} m where m.project_id = p.id and m.user_id = ${Number(user.id)}
          ))
        ),
        hits as (
          select ${issues.id} as id, ${issues.key} as key, ${issues.title} as title, ${issues.boardId} as board_id,
            ${issues.projectId} as project_id, ${issues.status} as status, ${issues.description} as description,
            ${issues.search} as search, ${exact} as exact, ts_rank(${issues.search}, query.q) as rank
          from ${issues}, query
          where ${issues.projectId} in (select id from visible) and (${exact} or ${issues.search} @@ query.q)
          order by exact desc, rank desc, ${issues.id} desc
          limit ${limit}
        ),
        found as (
          select h.id::text as id, h.key, h.title, h.board_id::text as board_id, v.key as project_key, h.status,
            left(btrim(regexp_replace(
              case when ts_filter(h.search, '{b}') @@ query.q
                then ts_headline('simple', h.description, query.q, ${HEADLINE_OPTIONS})
                else h.title end,
              '\\s+', ' ', 'g')), ${SNIPPET_MAX}) as snippet,
            row_number() over (order by h.exact desc, h.rank desc, h.id desc) as n
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
          coalesce((select json_agg(json_build_object('key', key, 'name', name) order by n) from projects), '[]')
            as projects`,
      );
      return row!;
    },
  };
}
export type Search = ReturnType<typeof createSearch>;
