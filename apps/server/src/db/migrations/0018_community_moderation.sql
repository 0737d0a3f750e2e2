CREATE TABLE "content_report" (
	"id" bigint PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"reporter_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"target_id" bigint NOT NULL,
	"reason" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"handled_by" bigint,
	"handled_at" timestamp with time zone,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sensitive_word" (
	"id" bigint PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"word" text NOT NULL,
	"word_key" text NOT NULL,
	"added_by" bigint,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "content_report_pending_uq" ON "content_report" USING btree ("site_id","reporter_id","kind","target_id") WHERE "content_report"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "content_report_target_idx" ON "content_report" USING btree ("site_id","kind","target_id","status");--> statement-breakpoint
CREATE INDEX "content_report_queue_idx" ON "content_report" USING btree ("site_id","status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "sensitive_word_site_key_uq" ON "sensitive_word" USING btree ("site_id","word_key");--> statement-breakpoint
CREATE INDEX "sensitive_word_site_idx" ON "sensitive_word" USING btree ("site_id","id");