ALTER TABLE "project"."projects" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
-- The published directory says which projects are archived, so the board service refuses
-- writes to their boards and its search leaves them out. New columns go last (OR REPLACE).
CREATE OR REPLACE VIEW "project"."project_directory" AS (
	SELECT "id", "key"::text AS "key", "name", "archived_at" IS NOT NULL AS "archived" FROM "project"."projects"
);
