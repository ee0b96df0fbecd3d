-- A move to another column records `issue.moved` (issue #14) in the board's outbox, inside the
-- move's one statement: the event exists exactly when the move commits, and the move still
-- takes the board lock for one statement only. The row is the outbox's envelope as
-- server-kit's recordEvent writes it (`id` a uuid, `occurredAt` ISO-8601 UTC with
-- milliseconds, like Date.toISOString), ids as decimal strings. A reorder within a column
-- records nothing. The function also says whether it recorded one (`event_recorded`), so the
-- caller kicks the relay only then. Otherwise as migration 0005 made it (0004 with the move's
-- history row); the return type changes, so the function is dropped and made again rather than
-- replaced.
DROP FUNCTION "board"."place_issue"(bigint, bigint, bigint, text, text, bigint, text, bigint, text, bigint, text, timestamptz);
--> statement-breakpoint
CREATE FUNCTION "board"."place_issue"(
	p_board bigint,
	p_issue bigint,
	p_column bigint,
	p_status text,
	p_rank text,
	p_before_id bigint,
	p_before_rank text,
	p_after_id bigint,
	p_after_rank text,
	p_actor bigint,
	p_activity text,
	p_now timestamptz
) RETURNS TABLE (
	outcome text,
	board_version integer,
	issue_position integer,
	issue "board"."issues",
	event_recorded boolean
)
LANGUAGE plpgsql AS $$
DECLARE
	v_project bigint;
	v_from bigint;
	v_status text;
BEGIN
	SELECT b.project_id INTO v_project FROM "board"."boards" b WHERE b.id = p_board FOR UPDATE;
	IF NOT FOUND THEN
		RETURN QUERY SELECT 'issue_gone', NULL::integer, NULL::integer, NULL::"board"."issues", false;
		RETURN;
	END IF;
	SELECT i.column_id, i.status INTO v_from, v_status FROM "board"."issues" i WHERE i.id = p_issue AND i.board_id = p_board;
	IF NOT FOUND THEN
		RETURN QUERY SELECT 'issue_gone', NULL::integer, NULL::integer, NULL::"board"."issues", false;
		RETURN;
	END IF;
	PERFORM 1 FROM "board"."columns" c WHERE c.id = p_column AND c.board_id = p_board;
	IF NOT FOUND THEN
		RETURN QUERY SELECT 'column_gone', NULL::integer, NULL::integer, NULL::"board"."issues", false;
		RETURN;
	END IF;
	-- The gap is still the gap: both neighbours where they were, nothing between them.
	IF (p_before_id IS NOT NULL AND NOT EXISTS (
			SELECT 1 FROM "board"."issues" i
			WHERE i.id = p_before_id AND i.column_id = p_column AND i.rank = p_before_rank COLLATE "C"))
		OR (p_after_id IS NOT NULL AND NOT EXISTS (
			SELECT 1 FROM "board"."issues" i
			WHERE i.id = p_after_id AND i.column_id = p_column AND i.rank = p_after_rank COLLATE "C"))
		OR EXISTS (
			SELECT 1 FROM "board"."issues" i
			WHERE i.column_id = p_column AND i.id <> p_issue
				AND (p_before_id IS NULL OR (i.rank, i.id) > (p_before_rank COLLATE "C", p_before_id))
				AND (p_after_id IS NULL OR (i.rank, i.id) < (p_after_rank COLLATE "C", p_after_id)))
	THEN
		RETURN QUERY SELECT 'gap_taken', NULL::integer, NULL::integer, NULL::"board"."issues", false;
		RETURN;
	END IF;
	UPDATE "board"."boards" b SET version = b.version + 1 WHERE b.id = p_board RETURNING b.version INTO board_version;
	UPDATE "board"."issues" i
		SET column_id = p_column, rank = p_rank, status = p_status, version = i.version + 1, updated_at = p_now
		WHERE i.id = p_issue
		RETURNING i.* INTO issue;
	event_recorded := v_from IS DISTINCT FROM p_column;
	IF event_recorded THEN
		INSERT INTO "board"."activity" (project_id, board_id, actor_id, description, issue_id, kind, field, from_value, to_value)
			VALUES (v_project, p_board, p_actor, p_activity, p_issue, 'moved', 'status',
				(SELECT c.name FROM "board"."columns" c WHERE c.id = v_from),
				(SELECT c.name FROM "board"."columns" c WHERE c.id = p_column));
		-- contracts/src/events.ts, `issue.moved`: the issue as it is after the move. The project's
		-- key is the issue key's part before its number (keys are `{PROJECT_KEY}-{number}`).
		INSERT INTO "board"."outbox" (event) VALUES (jsonb_build_object(
			'type', 'issue.moved',
			'id', gen_random_uuid()::text,
			'occurredAt', to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
			'issueId', (issue).id::text,
			'issueKey', (issue).key,
			'projectId', (issue).project_id::text,
			'projectKey', substring((issue).key FROM '^(.*)-[0-9]+$'),
			'boardId', p_board::text,
			'title', (issue).title,
			'actorId', p_actor::text,
			'reporterId', (issue).reporter_id::text,
			'assigneeId', (issue).assignee_id::text,
			'fromColumnId', coalesce(v_from::text, ''),
			'toColumnId', p_column::text,
			'statusChange', CASE WHEN v_status IS DISTINCT FROM p_status
				THEN jsonb_build_object('fromStatus', v_status, 'toStatus', p_status) END
		));
	END IF;
	-- Its index in the column: an index-only count on (column_id, rank, id) below its key.
	SELECT count(*)::integer INTO issue_position FROM "board"."issues" i
		WHERE i.column_id = p_column AND (i.rank, i.id) < (p_rank COLLATE "C", p_issue);
	outcome := 'placed';
	RETURN NEXT;
END
$$;
