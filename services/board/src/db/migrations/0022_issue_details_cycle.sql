-- An issue's events tell the cycle it is planned in (contracts' IssueDetails), and a change of
-- cycle is one of a change's fields, so a webhook sees both. issue_details as migration 0020 made
-- it and issue_changes as migration 0019 made it, with the cycle after the tasks and the estimate.
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
			'parent', (SELECT jsonb_build_object('id', p.id::text, 'key', p.key)
				FROM "board"."issues" p WHERE p.id = i.parent_id AND p.deleted_at IS NULL),
			'attachmentCount', i.attachment_count,
			'tasks', jsonb_build_object('done', coalesce(i.task_done, 0), 'total', coalesce(i.task_total, 0)),
			'cycle', (SELECT jsonb_build_object('id', y.id::text, 'number', y.number,
					'startsOn', to_char(y.starts_on, 'YYYY-MM-DD'), 'endsOn', to_char(y.ends_on, 'YYYY-MM-DD'))
				FROM "board"."cycles" y WHERE y.id = i.cycle_id),
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
		'dueDate', 'estimate', 'cycle', 'relatedCode', 'links', 'instructions']) AS f(name)
	WHERE (p_before -> f.name) IS DISTINCT FROM (p_after -> f.name)
$$;
