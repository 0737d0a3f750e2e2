CREATE TABLE "user_bank_account" (
	"id" bigint PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"bank_card_no" text NOT NULL,
	"bank_name" text NOT NULL,
	"bank_branch_name" text DEFAULT '' NOT NULL,
	"bank_user_name" text NOT NULL,
	"bank_id_card_no" text NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_face_log" (
	"id" bigint PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"face_token" text NOT NULL,
	"scene" text DEFAULT '' NOT NULL,
	"result" integer NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"provider" text NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_research" (
	"id" bigint PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"education" text NOT NULL,
	"occupation" text NOT NULL,
	"learn_goal" text NOT NULL,
	"interests" text[] DEFAULT '{}' NOT NULL,
	"weekly_hours" text NOT NULL,
	"source" text DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_wechat" (
	"id" bigint PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"provider" text NOT NULL,
	"open_id" text NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "msg" (
	"id" bigint PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"msg_type" integer DEFAULT 1 NOT NULL,
	"msg_title" text NOT NULL,
	"msg_text" text NOT NULL,
	"target_kind" text NOT NULL,
	"target_user_id" bigint,
	"send_time" timestamp with time zone NOT NULL,
	"is_send" integer DEFAULT 0 NOT NULL,
	"sent_count" integer DEFAULT 0 NOT NULL,
	"created_by" text NOT NULL,
	"admin_id" bigint,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL,
	"status_id" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 100 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "msg_user" (
	"id" bigint PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"msg_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"is_read" integer DEFAULT 0 NOT NULL,
	"read_time" timestamp with time zone,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lecturer" (
	"id" bigint PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"lecturer_name" text NOT NULL,
	"lecturer_mobile" text DEFAULT '' NOT NULL,
	"lecturer_email" text DEFAULT '' NOT NULL,
	"position" text DEFAULT '' NOT NULL,
	"head_img_url" text DEFAULT '' NOT NULL,
	"introduce" text DEFAULT '' NOT NULL,
	"live_status" integer DEFAULT 0 NOT NULL,
	"live_reason" text DEFAULT '' NOT NULL,
	"live_opinion" text DEFAULT '' NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL,
	"status_id" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 100 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lecturer_attention" (
	"id" bigint PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"lecturer_id" bigint NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lecturer_audit" (
	"id" bigint PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"lecturer_name" text NOT NULL,
	"lecturer_mobile" text DEFAULT '' NOT NULL,
	"lecturer_email" text DEFAULT '' NOT NULL,
	"position" text DEFAULT '' NOT NULL,
	"head_img_url" text DEFAULT '' NOT NULL,
	"introduce" text DEFAULT '' NOT NULL,
	"audit_status" integer DEFAULT 0 NOT NULL,
	"audit_opinion" text DEFAULT '' NOT NULL,
	"audit_time" timestamp with time zone,
	"admin_id" bigint,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feedback_log" (
	"id" bigint PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"feedback_type" integer DEFAULT 1 NOT NULL,
	"content" text NOT NULL,
	"contact" text DEFAULT '' NOT NULL,
	"img_urls" text[] DEFAULT '{}' NOT NULL,
	"reply_text" text DEFAULT '' NOT NULL,
	"reply_time" timestamp with time zone,
	"reply_admin_id" bigint,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "user_bank_account_user_uq" ON "user_bank_account" USING btree ("site_id","user_id");--> statement-breakpoint
CREATE INDEX "user_face_log_user_idx" ON "user_face_log" USING btree ("site_id","user_id","gmt_create");--> statement-breakpoint
CREATE UNIQUE INDEX "user_face_log_token_uq" ON "user_face_log" USING btree ("site_id","face_token","result");--> statement-breakpoint
CREATE UNIQUE INDEX "user_research_user_uq" ON "user_research" USING btree ("site_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_wechat_open_id_uq" ON "user_wechat" USING btree ("site_id","provider","open_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_wechat_user_uq" ON "user_wechat" USING btree ("site_id","user_id","provider");--> statement-breakpoint
CREATE INDEX "msg_site_idx" ON "msg" USING btree ("site_id","created_by","id");--> statement-breakpoint
CREATE UNIQUE INDEX "msg_user_user_msg_uq" ON "msg_user" USING btree ("site_id","user_id","msg_id");--> statement-breakpoint
CREATE INDEX "msg_user_inbox_idx" ON "msg_user" USING btree ("site_id","user_id","id");--> statement-breakpoint
CREATE INDEX "msg_user_unread_idx" ON "msg_user" USING btree ("site_id","user_id","is_read");--> statement-breakpoint
CREATE INDEX "msg_user_msg_idx" ON "msg_user" USING btree ("site_id","msg_id","is_read");--> statement-breakpoint
CREATE UNIQUE INDEX "lecturer_user_uq" ON "lecturer" USING btree ("site_id","user_id");--> statement-breakpoint
CREATE INDEX "lecturer_list_idx" ON "lecturer" USING btree ("site_id","status_id","sort","id");--> statement-breakpoint
CREATE UNIQUE INDEX "lecturer_attention_uq" ON "lecturer_attention" USING btree ("site_id","user_id","lecturer_id");--> statement-breakpoint
CREATE INDEX "lecturer_attention_lecturer_idx" ON "lecturer_attention" USING btree ("site_id","lecturer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lecturer_audit_user_uq" ON "lecturer_audit" USING btree ("site_id","user_id");--> statement-breakpoint
CREATE INDEX "lecturer_audit_status_idx" ON "lecturer_audit" USING btree ("site_id","audit_status","gmt_modified");--> statement-breakpoint
CREATE INDEX "feedback_log_user_idx" ON "feedback_log" USING btree ("site_id","user_id","id");--> statement-breakpoint
CREATE INDEX "feedback_log_site_idx" ON "feedback_log" USING btree ("site_id","reply_time","id");