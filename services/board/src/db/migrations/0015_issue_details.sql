-- An issue as events tell it to webhooks (contracts/src/issue-details.ts), made in SQL so that
-- the events recorded in TypeScript (they call these functions in the change's transaction) and
-- the move's event recorded inside board.place_issue have one shape, built in one place.
-- Ids are decimal strings, times ISO-8601 UTC with milliseconds (like Date.toISOString).
-- plpgsql, whose bodies are checked when first run: auth's view may be created after this.

-- Someone an issue names: name and e-mail as the account has them now, null once it is deleted.
CREATE OR REPLACE FUNCTION "board"."person_details"(p_user bigint) RETURNS jsonb
LANGUAGE plpgsql STABLE AS $$
BEGIN
	IF p_user IS NULL THEN
		RETURN NULL;
	END IF;
	RETURN (
		SELECT jsonb_build_object('id', p_user::text, 'name', u.name, 'email', u.email)
		FROM (SELECT 1) AS one LEFT JOIN "auth"."user_directory" u ON u.id = p_user
	);
END
$$;
--> statement-breakpoint
-- The issue with its column, people and labels by name (labels in the board's order, as
-- label_ids keeps them: by name, then id); null when there is no such issue.
CREATE OR REPLACE FUNCTION "board"."issue_details"(p_issue bigint) RETURNS jsonb
LANGUAGE plpgsql STABLE AS $$
BEGIN
	RETURN (
		SELECT jsonb_build_object(
			'id', i.id::text,
			'key', i.key,
			'number', i.number,
			'boardId', i.board_id::text,
			'title', i.title,
			'description', i.description,
			'status', i.status,
			'column', (SELECT jsonb_build_object('id', c.id::text, 'name', c.name)
				FROM "board"."columns" c WHERE c.id = i.column_id),
			'assignee', "board"."person_details"(i.assignee_id),
			'reporter', "board"."person_details"(i.reporter_id),
			'labels', coalesce((
				SELECT jsonb_agg(jsonb_build_object('id', l.id::text, 'name', l.name, 'color', l.color)
					ORDER BY lower(l.name), l.id)
				FROM "board"."labels" l WHERE l.id = ANY (i.label_ids)), '[]'::jsonb),
			'priority', i.priority,
			'type', i.type,
			'dueDate', to_char(i.due_date, 'YYYY-MM-DD'),
			'relatedCode', i.related_code,
			'links', i.links,
			'instructions', i.instructions,
			'commentCount', i.comment_count,
			'createdAt', to_char(i.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
			'updatedAt', to_char(i.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
		)
		FROM "board"."issues" i WHERE i.id = p_issue
	);
END
$$;
--> statement-breakpoint
-- What a change did (contracts' IssueChanges): `{ field: { from, to } }` for each field of two
-- issue_details (before and after) that differs. The fields a change can touch, and only those
-- (the comment count, the times), are compared.
CREATE OR REPLACE FUNCTION "board"."issue_changes"(p_before jsonb, p_after jsonb) RETURNS jsonb
LANGUAGE sql IMMUTABLE AS $$
	SELECT coalesce(jsonb_object_agg(f.name, jsonb_build_object('from', p_before -> f.name, 'to', p_after -> f.name)),
		'{}'::jsonb)
	FROM unnest(ARRAY['title', 'description', 'status', 'column', 'assignee', 'labels', 'priority', 'type',
		'dueDate', 'relatedCode', 'links', 'instructions']) AS f(name)
	WHERE (p_before -> f.name) IS DISTINCT FROM (p_after -> f.name)
$$;
--> statement-breakpoint
-- board.place_issue as migration 0013 made it, its issue.moved event now also carrying the issue
-- after the move, the move's changes (its column, its status when that changed) and the actor,
-- as the events recorded in TypeScript carry them. Only a move to another column pays for them.
CREATE OR REPLACE FUNCTION "board"."place_issue"(
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
	v_before jsonb;
	v_after jsonb;
BEGIN
	SELECT b.project_id INTO v_project FROM "board"."boards" b WHERE b.id = p_board FOR UPDATE;
	IF NOT FOUND THEN
		RETURN QUERY SELECT 'issue_gone', NULL::integer, NULL::integer, NULL::"board"."issues", false;
		RETURN;
	END IF;
	SELECT i.column_id, i.status INTO v_from, v_status FROM "board"."issues" i WHERE i.id = p_issue AND i.board_id = p_board
		AND i.deleted_at IS NULL;
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
	event_recorded := v_from IS DISTINCT FROM p_column;
	IF event_recorded THEN
		v_before := "board"."issue_details"(p_issue);
	END IF;
	UPDATE "board"."boards" b SET version = b.version + 1 WHERE b.id = p_board RETURNING b.version INTO board_version;
	UPDATE "board"."issues" i
		SET column_id = p_column, rank = p_rank, status = p_status, version = i.version + 1, updated_at = p_now
		WHERE i.id = p_issue
		RETURNING i.* INTO issue;
	IF event_recorded THEN
		v_after := "board"."issue_details"(p_issue);
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
				THEN jsonb_build_object('fromStatus', v_status, 'toStatus', p_status) END,
			'issue', v_after,
			'changes', "board"."issue_changes"(v_before, v_after),
			'actor', "board"."person_details"(p_actor)
		));
	END IF;
	-- Its index in the column: an index-only count on (column_id, rank, id) below its key.
	SELECT count(*)::integer INTO issue_position FROM "board"."issues" i
		WHERE i.column_id = p_column AND (i.rank, i.id) < (p_rank COLLATE "C", p_issue);
	outcome := 'placed';
	RETURN NEXT;
END
$$;
