CREATE TABLE "community_label" (
	"id" bigint PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"label_type" integer NOT NULL,
	"label_name" text NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL,
	"status_id" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 100 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "question" (
	"id" bigint PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"title" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"label_ids" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"accepted_answer_id" bigint,
	"answer_count" integer DEFAULT 0 NOT NULL,
	"view_count" integer DEFAULT 0 NOT NULL,
	"is_hidden" integer DEFAULT 0 NOT NULL,
	"last_answer_time" timestamp with time zone,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL,
	"status_id" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 100 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "question_answer" (
	"id" bigint PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"question_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"content" text NOT NULL,
	"like_count" integer DEFAULT 0 NOT NULL,
	"comment_count" integer DEFAULT 0 NOT NULL,
	"is_hidden" integer DEFAULT 0 NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL,
	"status_id" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 100 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "question_answer_comment" (
	"id" bigint PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"question_id" bigint NOT NULL,
	"answer_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"comment_text" text NOT NULL,
	"is_hidden" integer DEFAULT 0 NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "question_user_record" (
	"id" bigint PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"answer_id" bigint NOT NULL,
	"question_id" bigint NOT NULL,
	"record_type" integer DEFAULT 1 NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "community_label_site_idx" ON "community_label" USING btree ("site_id","label_type","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "community_label_name_uq" ON "community_label" USING btree ("site_id","label_type","label_name");--> statement-breakpoint
CREATE INDEX "question_site_idx" ON "question" USING btree ("site_id","is_hidden","id");--> statement-breakpoint
CREATE INDEX "question_user_idx" ON "question" USING btree ("site_id","user_id","id");--> statement-breakpoint
CREATE INDEX "question_hot_idx" ON "question" USING btree ("site_id","is_hidden","answer_count","view_count","id");--> statement-breakpoint
CREATE INDEX "question_labels_idx" ON "question" USING gin ("label_ids");--> statement-breakpoint
CREATE INDEX "question_title_trgm_idx" ON "question" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "question_answer_question_idx" ON "question_answer" USING btree ("site_id","question_id","id");--> statement-breakpoint
CREATE INDEX "question_answer_user_idx" ON "question_answer" USING btree ("site_id","user_id","id");--> statement-breakpoint
CREATE INDEX "question_answer_comment_answer_idx" ON "question_answer_comment" USING btree ("site_id","answer_id","id");--> statement-breakpoint
CREATE INDEX "question_answer_comment_question_idx" ON "question_answer_comment" USING btree ("site_id","question_id");--> statement-breakpoint
CREATE UNIQUE INDEX "question_user_record_uq" ON "question_user_record" USING btree ("site_id","user_id","answer_id","record_type");--> statement-breakpoint
CREATE INDEX "question_user_record_question_idx" ON "question_user_record" USING btree ("site_id","user_id","question_id");