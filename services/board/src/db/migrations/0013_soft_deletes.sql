ALTER TABLE "board"."comments" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "board"."issues" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "board"."issues" ADD COLUMN "deleted_from_column_id" bigint;--> statement-breakpoint
ALTER TABLE "board"."issues" ADD COLUMN "deleted_from_position" integer;--> statement-breakpoint
ALTER TABLE "board"."issues" ADD CONSTRAINT "issues_deleted_from_column_id_columns_id_fk" FOREIGN KEY ("deleted_from_column_id") REFERENCES "board"."columns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comments_deleted_idx" ON "board"."comments" USING btree ("deleted_at") WHERE "board"."comments"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "issues_deleted_idx" ON "board"."issues" USING btree ("deleted_at") WHERE "board"."issues"."deleted_at" is not null;--> statement-breakpoint
-- A deleted issue or comment (domain/deletions.ts) stays restorable for a while, so nothing
-- published about the board may show it: issue_directory (dashboards, user pages, counts) leaves
-- deleted issues out, and activity_feed's lines name an issue's key only while it is on the board.
CREATE OR REPLACE VIEW "board"."issue_directory" AS (
	select "id", "key", "title", "status", "board_id", "project_id", "assignee_id",
		coalesce("assignee_id"::text, '') as "owner", "reporter_id", "updated_at", "priority", "type"
	from "board"."issues"
	where "deleted_at" is null);--> statement-breakpoint
CREATE OR REPLACE VIEW "board"."activity_feed" AS (
	select a."id", a."project_id", a."board_id", a."description", a."created_at", i."key" as "issue_key"
	from "board"."activity" a left join "board"."issues" i on i."id" = a."issue_id" and i."deleted_at" is null
	where a."description" <> '');--> statement-breakpoint
-- board.place_issue as migration 0008 made it, but a deleted issue is not placed: a move that
-- read the issue before its delete committed finds it gone under the board lock (issue_gone).
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
