-- An issue's events tell its place among issues and what it holds: its parent (by key), how many
-- files are attached, and its description's tasks done of all (contracts' IssueDetails), so a
-- webhook sees them. issue_details as migration 0019 made it, with these after the estimate.
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
