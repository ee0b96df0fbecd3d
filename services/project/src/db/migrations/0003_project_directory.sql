-- A published view (issue #13): every project's key and name, so the board service's search
-- can offer projects by key or name prefix in the same statement as issues. Read-only; the
-- project service stays the one writer of project.projects.
CREATE VIEW "project"."project_directory" AS (
	SELECT "id", "key"::text AS "key", "name" FROM "project"."projects"
);
