CREATE TABLE "exam_category" (
	"id" bigint PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"category_type" integer NOT NULL,
	"category_name" text NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL,
	"status_id" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 100 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exam_paper" (
	"id" bigint PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"lecturer_user_id" bigint NOT NULL,
	"exam_name" text NOT NULL,
	"subject_id" bigint,
	"year_id" bigint,
	"description" text DEFAULT '' NOT NULL,
	"answer_time" integer NOT NULL,
	"total_score" integer DEFAULT 0 NOT NULL,
	"pass_score" integer DEFAULT 60 NOT NULL,
	"problem_count" integer DEFAULT 0 NOT NULL,
	"is_free" integer DEFAULT 1 NOT NULL,
	"price_fen" bigint DEFAULT 0 NOT NULL,
	"shuffle_problems" integer DEFAULT 0 NOT NULL,
	"shuffle_options" integer DEFAULT 0 NOT NULL,
	"partial_rule" integer DEFAULT 1 NOT NULL,
	"leave_limit" integer DEFAULT 0 NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL,
	"status_id" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 100 NOT NULL,
	"is_put_away" integer DEFAULT 0 NOT NULL,
	"study_count" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exam_paper_audit" (
	"id" bigint PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"lecturer_user_id" bigint NOT NULL,
	"exam_name" text NOT NULL,
	"subject_id" bigint,
	"year_id" bigint,
	"description" text DEFAULT '' NOT NULL,
	"answer_time" integer NOT NULL,
	"total_score" integer DEFAULT 0 NOT NULL,
	"pass_score" integer DEFAULT 60 NOT NULL,
	"problem_count" integer DEFAULT 0 NOT NULL,
	"is_free" integer DEFAULT 1 NOT NULL,
	"price_fen" bigint DEFAULT 0 NOT NULL,
	"shuffle_problems" integer DEFAULT 0 NOT NULL,
	"shuffle_options" integer DEFAULT 0 NOT NULL,
	"partial_rule" integer DEFAULT 1 NOT NULL,
	"leave_limit" integer DEFAULT 0 NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL,
	"status_id" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 100 NOT NULL,
	"audit_status" integer DEFAULT 3 NOT NULL,
	"audit_opinion" text DEFAULT '' NOT NULL,
	"audit_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "exam_paper_problem" (
	"id" bigint PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"exam_id" bigint NOT NULL,
	"section_id" bigint NOT NULL,
	"problem_id" bigint NOT NULL,
	"score" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exam_paper_problem_audit" (
	"id" bigint PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"exam_id" bigint NOT NULL,
	"section_id" bigint NOT NULL,
	"problem_id" bigint NOT NULL,
	"score" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exam_paper_section" (
	"id" bigint PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"exam_id" bigint NOT NULL,
	"title_name" text NOT NULL,
	"score" integer DEFAULT 0 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exam_paper_section_audit" (
	"id" bigint PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"exam_id" bigint NOT NULL,
	"title_name" text NOT NULL,
	"score" integer DEFAULT 0 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exam_problem" (
	"id" bigint PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"lecturer_user_id" bigint NOT NULL,
	"parent_id" bigint,
	"problem_type" integer NOT NULL,
	"problem_content" text NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"answer" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"analysis" text DEFAULT '' NOT NULL,
	"video_id" bigint,
	"score" integer DEFAULT 2 NOT NULL,
	"difficulty" integer DEFAULT 1 NOT NULL,
	"subject_id" bigint,
	"year_id" bigint,
	"knowledge_points" text[] DEFAULT '{}' NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL,
	"status_id" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 100 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exam_answer" (
	"id" bigint PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"record_id" bigint NOT NULL,
	"problem_id" bigint NOT NULL,
	"answer" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"saved_time" timestamp with time zone DEFAULT now() NOT NULL,
	"score" integer,
	"is_correct" integer,
	"mark_status" integer DEFAULT 0 NOT NULL,
	"mark_remark" text DEFAULT '' NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exam_collection" (
	"id" bigint PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"collection_type" integer DEFAULT 4 NOT NULL,
	"collection_id" bigint NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exam_error_problem" (
	"id" bigint PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"problem_id" bigint NOT NULL,
	"subject_id" bigint,
	"problem_type" integer NOT NULL,
	"wrong_count" integer DEFAULT 1 NOT NULL,
	"correct_streak" integer DEFAULT 0 NOT NULL,
	"last_answer" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exam_period_problem" (
	"id" bigint PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"period_id" bigint NOT NULL,
	"problem_id" bigint NOT NULL,
	"lecturer_user_id" bigint NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exam_practice" (
	"id" bigint PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"practice_name" text NOT NULL,
	"subject_id" bigint,
	"problem_ids" text[] DEFAULT '{}' NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exam_practice_answer" (
	"id" bigint PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"practice_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"problem_id" bigint NOT NULL,
	"answer" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_correct" integer DEFAULT 0 NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exam_record" (
	"id" bigint PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"exam_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"lecturer_user_id" bigint NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"start_time" timestamp with time zone DEFAULT now() NOT NULL,
	"deadline_time" timestamp with time zone NOT NULL,
	"submit_time" timestamp with time zone,
	"is_auto_submit" integer DEFAULT 0 NOT NULL,
	"objective_score" integer DEFAULT 0 NOT NULL,
	"subjective_score" integer DEFAULT 0 NOT NULL,
	"total_score" integer DEFAULT 0 NOT NULL,
	"is_pass" integer DEFAULT 0 NOT NULL,
	"wait_mark_count" integer DEFAULT 0 NOT NULL,
	"leave_count" integer DEFAULT 0 NOT NULL,
	"shuffle_seed" integer DEFAULT 0 NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "exam_category_list_idx" ON "exam_category" USING btree ("site_id","category_type","sort");--> statement-breakpoint
CREATE INDEX "exam_paper_shelf_idx" ON "exam_paper" USING btree ("site_id","is_put_away","subject_id","id");--> statement-breakpoint
CREATE INDEX "exam_paper_owner_idx" ON "exam_paper" USING btree ("site_id","lecturer_user_id","id");--> statement-breakpoint
CREATE INDEX "exam_paper_name_trgm_idx" ON "exam_paper" USING gin ("exam_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "exam_paper_audit_owner_idx" ON "exam_paper_audit" USING btree ("site_id","lecturer_user_id","id");--> statement-breakpoint
CREATE INDEX "exam_paper_audit_status_idx" ON "exam_paper_audit" USING btree ("site_id","audit_status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "exam_paper_problem_uq" ON "exam_paper_problem" USING btree ("site_id","exam_id","problem_id");--> statement-breakpoint
CREATE INDEX "exam_paper_problem_problem_idx" ON "exam_paper_problem" USING btree ("site_id","problem_id");--> statement-breakpoint
CREATE UNIQUE INDEX "exam_paper_problem_audit_uq" ON "exam_paper_problem_audit" USING btree ("site_id","exam_id","problem_id");--> statement-breakpoint
CREATE INDEX "exam_paper_problem_audit_problem_idx" ON "exam_paper_problem_audit" USING btree ("site_id","problem_id");--> statement-breakpoint
CREATE INDEX "exam_paper_section_idx" ON "exam_paper_section" USING btree ("site_id","exam_id","sort");--> statement-breakpoint
CREATE INDEX "exam_paper_section_audit_idx" ON "exam_paper_section_audit" USING btree ("site_id","exam_id","sort");--> statement-breakpoint
CREATE INDEX "exam_problem_owner_idx" ON "exam_problem" USING btree ("site_id","lecturer_user_id","status_id","id");--> statement-breakpoint
CREATE INDEX "exam_problem_parent_idx" ON "exam_problem" USING btree ("site_id","parent_id");--> statement-breakpoint
CREATE INDEX "exam_problem_pick_idx" ON "exam_problem" USING btree ("site_id","subject_id","problem_type","difficulty");--> statement-breakpoint
CREATE UNIQUE INDEX "exam_answer_uq" ON "exam_answer" USING btree ("site_id","record_id","problem_id");--> statement-breakpoint
CREATE UNIQUE INDEX "exam_collection_uq" ON "exam_collection" USING btree ("site_id","user_id","collection_type","collection_id");--> statement-breakpoint
CREATE INDEX "exam_collection_list_idx" ON "exam_collection" USING btree ("site_id","user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "exam_error_problem_uq" ON "exam_error_problem" USING btree ("site_id","user_id","problem_id");--> statement-breakpoint
CREATE INDEX "exam_error_problem_list_idx" ON "exam_error_problem" USING btree ("site_id","user_id","subject_id","gmt_modified");--> statement-breakpoint
CREATE UNIQUE INDEX "exam_period_problem_uq" ON "exam_period_problem" USING btree ("site_id","period_id","problem_id");--> statement-breakpoint
CREATE INDEX "exam_practice_user_idx" ON "exam_practice" USING btree ("site_id","user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "exam_practice_answer_uq" ON "exam_practice_answer" USING btree ("site_id","practice_id","problem_id");--> statement-breakpoint
CREATE UNIQUE INDEX "exam_record_open_uq" ON "exam_record" USING btree ("site_id","exam_id","user_id") WHERE "exam_record"."status" = 1;--> statement-breakpoint
CREATE INDEX "exam_record_user_idx" ON "exam_record" USING btree ("site_id","user_id","exam_id","id");--> statement-breakpoint
CREATE INDEX "exam_record_exam_idx" ON "exam_record" USING btree ("site_id","exam_id","status");--> statement-breakpoint
CREATE INDEX "exam_record_mark_idx" ON "exam_record" USING btree ("site_id","lecturer_user_id","status","id");