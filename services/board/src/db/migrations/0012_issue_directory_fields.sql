-- The published issue_directory adds each issue's priority and type: the project service lists the
-- caller's assigned issues ("My Issues") filtered by them. New columns go last, so the view is
-- replaced in place and its readers keep working.
CREATE OR REPLACE VIEW "board"."issue_directory" AS (
	select "id", "key", "title", "status", "board_id", "project_id", "assignee_id",
		coalesce("assignee_id"::text, '') as "owner", "reporter_id", "updated_at", "priority", "type"
	from "board"."issues");
