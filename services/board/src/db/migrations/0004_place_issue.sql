-- A move in one statement (issue #11): the board's row lock is held only while this runs, not
-- across the caller's round trips. The caller read the gap's neighbours without the lock and
-- computed the new rank between them; here, under the lock, the gap is checked again and the
-- issue written only if it is still that gap. plpgsql gives each statement a fresh snapshot,
-- so once the lock is granted the checks see everything committed before it (a single SQL
-- statement would keep the snapshot it started with). It returns the written row itself, so the
-- caller shapes the answer from it (an outer read of the table would see the old snapshot).
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
) RETURNS TABLE (outcome text, board_version integer, issue_position integer, issue "board"."issues")
LANGUAGE plpgsql AS $$
DECLARE
	v_project bigint;
	v_from bigint;
BEGIN
	SELECT b.project_id INTO v_project FROM "board"."boards" b WHERE b.id = p_board FOR UPDATE;
	IF NOT FOUND THEN
		RETURN QUERY SELECT 'issue_gone', NULL::integer, NULL::integer, NULL::"board"."issues";
		RETURN;
	END IF;
	SELECT i.column_id INTO v_from FROM "board"."issues" i WHERE i.id = p_issue AND i.board_id = p_board;
	IF NOT FOUND THEN
		RETURN QUERY SELECT 'issue_gone', NULL::integer, NULL::integer, NULL::"board"."issues";
		RETURN;
	END IF;
	PERFORM 1 FROM "board"."columns" c WHERE c.id = p_column AND c.board_id = p_board;
	IF NOT FOUND THEN
		RETURN QUERY SELECT 'column_gone', NULL::integer, NULL::integer, NULL::"board"."issues";
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
		RETURN QUERY SELECT 'gap_taken', NULL::integer, NULL::integer, NULL::"board"."issues";
		RETURN;
	END IF;
	UPDATE "board"."boards" b SET version = b.version + 1 WHERE b.id = p_board RETURNING b.version INTO board_version;
	UPDATE "board"."issues" i
		SET column_id = p_column, rank = p_rank, status = p_status, version = i.version + 1, updated_at = p_now
		WHERE i.id = p_issue
		RETURNING i.* INTO issue;
	IF v_from IS DISTINCT FROM p_column THEN
		INSERT INTO "board"."activity" (project_id, board_id, actor_id, description)
			VALUES (v_project, p_board, p_actor, p_activity);
	END IF;
	-- Its index in the column: an index-only count on (column_id, rank, id) below its key.
	SELECT count(*)::integer INTO issue_position FROM "board"."issues" i
		WHERE i.column_id = p_column AND (i.rank, i.id) < (p_rank COLLATE "C", p_issue);
	outcome := 'placed';
	RETURN NEXT;
END
$$;
