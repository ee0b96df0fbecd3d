-- Each issue's task list items, done and in all, so a board fetch reads two numbers instead of
-- parsing every description. Counted in TypeScript (contracts' markdown-tasks.ts, the rule the
-- browser numbers the boxes by) on every description write; null here means "not counted yet":
-- the rows from before this migration are counted once the board service starts
-- (domain/task-counts.ts), since SQL cannot tell a task in a code block from one outside it.
ALTER TABLE "board"."issues" ADD COLUMN "task_done" smallint;--> statement-breakpoint
ALTER TABLE "board"."issues" ADD COLUMN "task_total" smallint;
