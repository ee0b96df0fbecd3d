CREATE TABLE "board"."cycle_plans" (
	"project_id" bigint PRIMARY KEY NOT NULL,
	"enabled" boolean NOT NULL,
	"weeks" smallint NOT NULL,
	"start_day" smallint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cycle_plans_weeks_check" CHECK ("board"."cycle_plans"."weeks" between 1 and 4),
	CONSTRAINT "cycle_plans_start_day_check" CHECK ("board"."cycle_plans"."start_day" between 1 and 7)
);
--> statement-breakpoint
CREATE TABLE "board"."cycles" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "board"."cycles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"project_id" bigint NOT NULL,
	"number" integer NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"rolled_over_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cycles_dates_check" CHECK ("board"."cycles"."ends_on" > "board"."cycles"."starts_on")
);
--> statement-breakpoint
ALTER TABLE "board"."issues" ADD COLUMN "cycle_id" bigint;--> statement-breakpoint
CREATE UNIQUE INDEX "cycles_project_number_key" ON "board"."cycles" USING btree ("project_id","number");--> statement-breakpoint
ALTER TABLE "board"."issues" ADD CONSTRAINT "issues_cycle_id_cycles_id_fk" FOREIGN KEY ("cycle_id") REFERENCES "board"."cycles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "issues_cycle_idx" ON "board"."issues" USING btree ("cycle_id") WHERE "board"."issues"."cycle_id" is not null;