-- A move's rank is worked out where its gap is read: under the board lock, in SQL. Before, the
-- replica read the gap, computed the key and asked board.place_issue to write it only if the gap
-- was still the gap; with many people moving on one board the gap had often changed meanwhile, and
-- each lost race went back to the replica and to the end of the queue: the moves' slow tail.
--
-- Order keys as fractional-indexing 3.4 (base 62, its default digits) makes them, so keys written
-- here and keys written by the TypeScript (issue creation, imports, rebalancing) are one order:
-- services/board/src/ranks.db.test.ts compares the two over many gaps. Comparisons are byte-wise
-- (COLLATE "C"), as JavaScript compares these ASCII keys and as the rank column sorts.

-- The digits between two fractional parts (a < b; b null: the end).
CREATE OR REPLACE FUNCTION "board"."rank_midpoint"(a text, b text) RETURNS text
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
	digits CONSTANT text := '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
	n integer := 0;
	digit_a integer;
	digit_b integer;
BEGIN
	IF b IS NOT NULL THEN
		-- Past the longest common prefix, `a` padded with zeros.
		WHILE n < length(b) AND coalesce(nullif(substr(a, n + 1, 1), ''), '0') = substr(b, n + 1, 1) LOOP
			n := n + 1;
		END LOOP;
		IF n > 0 THEN
			RETURN substr(b, 1, n) || "board"."rank_midpoint"(substr(a, n + 1), substr(b, n + 1));
		END IF;
	END IF;
	digit_a := CASE WHEN a = '' THEN 0 ELSE strpos(digits, substr(a, 1, 1)) - 1 END;
	digit_b := CASE WHEN b IS NULL THEN length(digits) ELSE strpos(digits, substr(b, 1, 1)) - 1 END;
	IF digit_b - digit_a > 1 THEN
		RETURN substr(digits, (digit_a + digit_b + 1) / 2 + 1, 1);
	END IF;
	IF b IS NOT NULL AND length(b) > 1 THEN
		RETURN substr(b, 1, 1);
	END IF;
	RETURN substr(digits, digit_a + 1, 1) || "board"."rank_midpoint"(substr(a, 2), NULL);
END
$$;
--> statement-breakpoint
-- The integer part of a key: its head letter says how long it is (a–z: 2–27, Z–A: 2–27).
CREATE OR REPLACE FUNCTION "board"."rank_integer"(k text) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
	SELECT substr(k, 1, CASE WHEN ascii(k) BETWEEN 97 AND 122 THEN ascii(k) - 95 ELSE 92 - ascii(k) END)
$$;
--> statement-breakpoint
-- The next integer part, or null past the largest.
CREATE OR REPLACE FUNCTION "board"."rank_increment"(x text) RETURNS text
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
	digits CONSTANT text := '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
	head CONSTANT text := substr(x, 1, 1);
	tail text := '';
	d integer;
	h text;
BEGIN
	FOR i IN REVERSE length(x)..2 LOOP
		d := strpos(digits, substr(x, i, 1)); -- the next digit's index
		IF d = length(digits) THEN
			tail := '0' || tail;
		ELSE
			RETURN head || substr(x, 2, i - 2) || substr(digits, d + 1, 1) || tail;
		END IF;
	END LOOP;
	IF head = 'Z' THEN RETURN 'a0'; END IF;
	IF head = 'z' THEN RETURN NULL; END IF;
	h := chr(ascii(head) + 1);
	IF ascii(h) > ascii('a') THEN RETURN h || tail || '0'; END IF;
	RETURN h || substr(tail, 2);
END
$$;
--> statement-breakpoint
-- The previous integer part, or null before the smallest.
CREATE OR REPLACE FUNCTION "board"."rank_decrement"(x text) RETURNS text
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
	digits CONSTANT text := '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
	head CONSTANT text := substr(x, 1, 1);
	tail text := '';
	d integer;
	h text;
BEGIN
	FOR i IN REVERSE length(x)..2 LOOP
		d := strpos(digits, substr(x, i, 1)) - 2; -- the previous digit's index
		IF d = -1 THEN
			tail := 'z' || tail;
		ELSE
			RETURN head || substr(x, 2, i - 2) || substr(digits, d + 1, 1) || tail;
		END IF;
	END LOOP;
	IF head = 'a' THEN RETURN 'Zz'; END IF;
	IF head = 'A' THEN RETURN NULL; END IF;
	h := chr(ascii(head) - 1);
	IF ascii(h) < ascii('Z') THEN RETURN h || tail || 'z'; END IF;
	RETURN h || substr(tail, 2);
END
$$;
--> statement-breakpoint
-- A key between two neighbours' keys (null: that end of the column), as ordering.ts rankBetween
-- makes it; '' when none fits within max_length (or equal old keys leave no gap): the column must be
-- given fresh keys first.
CREATE OR REPLACE FUNCTION "board"."rank_between"(a text, b text, max_length integer) RETURNS text
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
	ia text;
	ib text;
	i text;
	k text;
BEGIN
	IF a IS NOT NULL AND b IS NOT NULL AND a COLLATE "C" >= b COLLATE "C" THEN
		RETURN '';
	END IF;
	IF a IS NULL AND b IS NULL THEN
		k := 'a0';
	ELSIF a IS NULL THEN
		ib := "board"."rank_integer"(b);
		IF ib = 'A' || repeat('0', 26) THEN
			k := ib || "board"."rank_midpoint"('', substr(b, length(ib) + 1));
		ELSIF ib COLLATE "C" < b COLLATE "C" THEN
			k := ib;
		ELSE
			k := "board"."rank_decrement"(ib);
		END IF;
	ELSIF b IS NULL THEN
		ia := "board"."rank_integer"(a);
		k := coalesce("board"."rank_increment"(ia), ia || "board"."rank_midpoint"(substr(a, length(ia) + 1), NULL));
	ELSE
		ia := "board"."rank_integer"(a);
		ib := "board"."rank_integer"(b);
		IF ia = ib THEN
			k := ia || "board"."rank_midpoint"(substr(a, length(ia) + 1), substr(b, length(ib) + 1));
		ELSE
			i := "board"."rank_increment"(ia);
			IF i IS NOT NULL AND i COLLATE "C" < b COLLATE "C" THEN
				k := i;
			ELSIF i IS NOT NULL THEN
				k := ia || "board"."rank_midpoint"(substr(a, length(ia) + 1), NULL);
			END IF;
		END IF;
	END IF;
	IF k IS NULL OR length(k) > max_length THEN
		RETURN '';
	END IF;
	RETURN k;
END
$$;
--> statement-breakpoint
-- board.place_issue as migration 0015 made it, but given the index in the column rather than a gap
-- and its key: under the board lock the gap at that index is read and its key made, so nothing
-- can take the gap before the write. 'rebalance' when no key fits there: the caller re-keys the
-- column (in a transaction holding the lock) and places again. board.place_issue stays for a
-- rolling upgrade's replicas of the release before; the next change to it drops it.
CREATE OR REPLACE FUNCTION "board"."place_issue_at"(
	p_board bigint,
	p_issue bigint,
	p_column bigint,
	p_status text,
	p_index bigint,
	p_max_rank_length integer,
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
	v_window text[];
	v_before_rank text;
	v_after_rank text;
	v_rank text;
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
	-- The neighbours at the index among the column's other issues: one short scan of the
	-- (column_id, rank, id) index. Past the end (or no index), after the last issue.
	IF p_index IS NOT NULL THEN
		SELECT array_agg(w.rank ORDER BY w.rank, w.id) INTO v_window FROM (
			SELECT i.rank, i.id FROM "board"."issues" i WHERE i.column_id = p_column AND i.id <> p_issue
			ORDER BY i.rank, i.id OFFSET greatest(p_index - 1, 0) LIMIT CASE WHEN p_index = 0 THEN 1 ELSE 2 END
		) w;
	END IF;
	IF p_index = 0 THEN
		v_after_rank := v_window[1];
		issue_position := 0;
	ELSIF v_window IS NOT NULL THEN
		v_before_rank := v_window[1];
		v_after_rank := v_window[2];
		issue_position := p_index::integer;
	ELSE
		SELECT i.rank INTO v_before_rank FROM "board"."issues" i WHERE i.column_id = p_column AND i.id <> p_issue
			ORDER BY i.rank DESC, i.id DESC LIMIT 1;
		SELECT count(*)::integer INTO issue_position FROM "board"."issues" i
			WHERE i.column_id = p_column AND i.id <> p_issue;
	END IF;
	v_rank := "board"."rank_between"(v_before_rank, v_after_rank, p_max_rank_length);
	IF v_rank = '' THEN
		RETURN QUERY SELECT 'rebalance', NULL::integer, NULL::integer, NULL::"board"."issues", false;
		RETURN;
	END IF;
	event_recorded := v_from IS DISTINCT FROM p_column;
	IF event_recorded THEN
		v_before := "board"."issue_details"(p_issue);
	END IF;
	UPDATE "board"."boards" b SET version = b.version + 1 WHERE b.id = p_board RETURNING b.version INTO board_version;
	UPDATE "board"."issues" i
		SET column_id = p_column, rank = v_rank, status = p_status, version = i.version + 1, updated_at = p_now
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
	outcome := 'placed';
	RETURN NEXT;
END
$$;
