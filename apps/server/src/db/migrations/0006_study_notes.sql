CREATE TABLE "note_log" (
	"id" bigint PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"course_id" bigint NOT NULL,
	"chapter_id" bigint NOT NULL,
	"period_id" bigint NOT NULL,
	"position" double precision DEFAULT 0 NOT NULL,
	"content" text NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_study" (
	"id" bigint PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"course_id" bigint NOT NULL,
	"chapter_id" bigint NOT NULL,
	"period_id" bigint NOT NULL,
	"current_position" double precision DEFAULT 0 NOT NULL,
	"watched_ranges" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"watched_sec" double precision DEFAULT 0 NOT NULL,
	"credited_sec" double precision DEFAULT 0 NOT NULL,
	"percent" double precision DEFAULT 0 NOT NULL,
	"is_finish" integer DEFAULT 0 NOT NULL,
	"report_count" integer DEFAULT 0 NOT NULL,
	"recent_report_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"last_report_at" timestamp with time zone,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "note_log_user_idx" ON "note_log" USING btree ("site_id","user_id","gmt_create");--> statement-breakpoint
CREATE INDEX "note_log_period_idx" ON "note_log" USING btree ("site_id","user_id","period_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_study_period_uq" ON "user_study" USING btree ("site_id","user_id","period_id");--> statement-breakpoint
CREATE INDEX "user_study_course_idx" ON "user_study" USING btree ("site_id","user_id","course_id");--> statement-breakpoint
CREATE INDEX "user_study_recent_idx" ON "user_study" USING btree ("site_id","user_id","gmt_modified");