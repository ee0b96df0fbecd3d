ALTER TABLE "board"."import_jobs" ADD COLUMN "project_id" bigint;--> statement-breakpoint
ALTER TABLE "board"."import_jobs" ADD COLUMN "offers" jsonb DEFAULT '[]'::jsonb NOT NULL;