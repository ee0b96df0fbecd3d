-- A board fetch reads its issues in (column, rank, id) order: one index on (board_id, column_id, rank, id)
-- gives that order without a sort, and serves what the index on board_id alone did.
DROP INDEX "board"."issues_board_idx";--> statement-breakpoint
CREATE INDEX "issues_board_order_idx" ON "board"."issues" USING btree ("board_id","column_id","rank","id");