ALTER TABLE "board"."issues" ADD COLUMN "estimate" smallint;--> statement-breakpoint
-- An issue's events tell its estimate (contracts' IssueDetails and IssueChanges): issue_details
-- and issue_changes as migration 0015 made them, with the estimate beside the due date.
-- board.place_issue calls them, so a move's event carries it too.
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
			'estimate', i.estimate,
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
CREATE OR REPLACE FUNCTION "board"."issue_changes"(p_before jsonb, p_after jsonb) RETURNS jsonb
LANGUAGE sql IMMUTABLE AS $$
	SELECT coalesce(jsonb_object_agg(f.name, jsonb_build_object('from', p_before -> f.name, 'to', p_after -> f.name)),
		'{}'::jsonb)
	FROM unnest(ARRAY['title', 'description', 'status', 'column', 'assignee', 'labels', 'priority', 'type',
		'dueDate', 'estimate', 'relatedCode', 'links', 'instructions']) AS f(name)
	WHERE (p_before -> f.name) IS DISTINCT FROM (p_after -> f.name)
$$;
