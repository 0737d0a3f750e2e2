CREATE TABLE "org_lecturer" (
	"id" bigint PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"org_user_id" bigint NOT NULL,
	"lecturer_user_id" bigint NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"answer_time" timestamp with time zone,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "org_profile" (
	"id" bigint PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"org_name" text NOT NULL,
	"logo_url" text DEFAULT '' NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"introduce" text DEFAULT '' NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "act_counsel" (
	"id" bigint PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"user_id" bigint,
	"real_name" text NOT NULL,
	"mobile" text NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"client_ip" text DEFAULT '' NOT NULL,
	"follow_status" integer DEFAULT 1 NOT NULL,
	"follow_remark" text DEFAULT '' NOT NULL,
	"follow_time" timestamp with time zone,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "terrace_page" (
	"id" bigint PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"title" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL,
	"status_id" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 100 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "org_lecturer_org_idx" ON "org_lecturer" USING btree ("site_id","org_user_id","status","id");--> statement-breakpoint
CREATE INDEX "org_lecturer_lecturer_idx" ON "org_lecturer" USING btree ("site_id","lecturer_user_id","status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "org_lecturer_open_uq" ON "org_lecturer" USING btree ("site_id","org_user_id","lecturer_user_id") WHERE status in (1, 2);--> statement-breakpoint
CREATE UNIQUE INDEX "org_lecturer_one_org_uq" ON "org_lecturer" USING btree ("site_id","lecturer_user_id") WHERE status = 2;--> statement-breakpoint
CREATE UNIQUE INDEX "org_profile_user_uq" ON "org_profile" USING btree ("site_id","user_id");--> statement-breakpoint
CREATE INDEX "act_counsel_site_idx" ON "act_counsel" USING btree ("site_id","follow_status","id");--> statement-breakpoint
CREATE INDEX "act_counsel_mobile_idx" ON "act_counsel" USING btree ("site_id","mobile","gmt_create");--> statement-breakpoint
CREATE INDEX "terrace_page_site_idx" ON "terrace_page" USING btree ("site_id","status_id","sort","id");