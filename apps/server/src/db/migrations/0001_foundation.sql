CREATE TABLE "admin_user" (
	"id" bigint PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"login_name" text NOT NULL,
	"password_hash" text NOT NULL,
	"real_name" text DEFAULT '' NOT NULL,
	"status_id" integer DEFAULT 1 NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job" (
	"id" bigint PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 5 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"dedupe_key" text,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_dedupe_key_unique" UNIQUE("dedupe_key")
);
--> statement-breakpoint
CREATE TABLE "seed_state" (
	"name" text PRIMARY KEY NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"subject_kind" text NOT NULL,
	"subject_id" bigint NOT NULL,
	"client_type" integer DEFAULT 1 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_reason" text,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "adv" (
	"id" bigint PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"adv_title" text NOT NULL,
	"adv_img" text NOT NULL,
	"adv_url" text DEFAULT '' NOT NULL,
	"adv_target" text DEFAULT '_blank' NOT NULL,
	"plat_show" integer DEFAULT 0 NOT NULL,
	"begin_time" timestamp with time zone,
	"end_time" timestamp with time zone,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL,
	"status_id" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 100 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dict" (
	"id" bigint PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"dict_type" text NOT NULL,
	"dict_key" text NOT NULL,
	"dict_value" text NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL,
	"status_id" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 100 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "file_storage" (
	"id" bigint PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"owner_kind" text NOT NULL,
	"owner_id" bigint NOT NULL,
	"file_name" text NOT NULL,
	"file_key" text NOT NULL,
	"file_type" text NOT NULL,
	"file_size" bigint NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL,
	"status_id" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 100 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nav_bar" (
	"id" bigint PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"nav_title" text NOT NULL,
	"nav_url" text NOT NULL,
	"target" text DEFAULT '_self' NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL,
	"status_id" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 100 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site" (
	"id" bigint PRIMARY KEY NOT NULL,
	"site_name" text NOT NULL,
	"bound_domain" text,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL,
	"status_id" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 100 NOT NULL,
	CONSTRAINT "site_bound_domain_unique" UNIQUE("bound_domain")
);
--> statement-breakpoint
CREATE TABLE "sys_banner" (
	"id" bigint PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"code" text NOT NULL,
	"banner_group" text DEFAULT 'pc' NOT NULL,
	"data" text DEFAULT '[]' NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL,
	"status_id" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 100 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "website" (
	"id" bigint PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"site_name_pc" text NOT NULL,
	"logo" text DEFAULT '' NOT NULL,
	"ico" text DEFAULT '' NOT NULL,
	"keyword" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"telephone" text DEFAULT '' NOT NULL,
	"mp_qrcode" text DEFAULT '' NOT NULL,
	"service1" text DEFAULT '' NOT NULL,
	"service_contact" text DEFAULT '' NOT NULL,
	"legal_notice" text DEFAULT '' NOT NULL,
	"copyright" text DEFAULT '' NOT NULL,
	"icp" text DEFAULT '' NOT NULL,
	"prn" text DEFAULT '' NOT NULL,
	"prn_no" text DEFAULT '' NOT NULL,
	"is_enable_statistics" integer DEFAULT 0 NOT NULL,
	"statistics_code" text DEFAULT '' NOT NULL,
	"is_enable_online_service" integer DEFAULT 0 NOT NULL,
	"online_service_code" text DEFAULT '' NOT NULL,
	"online_service_pages" text DEFAULT '' NOT NULL,
	"h5_domain" text DEFAULT '' NOT NULL,
	"login_bg_img" text DEFAULT '' NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL,
	"status_id" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 100 NOT NULL,
	CONSTRAINT "website_site_id_unique" UNIQUE("site_id")
);
--> statement-breakpoint
CREATE TABLE "website_link" (
	"id" bigint PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"link_name" text NOT NULL,
	"link_url" text NOT NULL,
	"link_target" text DEFAULT '_blank' NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL,
	"status_id" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 100 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "website_nav" (
	"id" bigint PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"nav_name" text NOT NULL,
	"plat_show" integer DEFAULT 1 NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL,
	"status_id" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 100 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "website_nav_article" (
	"id" bigint PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"nav_id" bigint NOT NULL,
	"art_title" text NOT NULL,
	"art_pic" text DEFAULT '' NOT NULL,
	"art_desc" text DEFAULT '' NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL,
	"status_id" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 100 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "zone" (
	"id" bigint PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"zone_name" text NOT NULL,
	"zone_desc" text DEFAULT '' NOT NULL,
	"zone_location" integer DEFAULT 1 NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL,
	"status_id" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 100 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user" (
	"id" bigint PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"mobile" text NOT NULL,
	"password_hash" text NOT NULL,
	"nickname" text DEFAULT '' NOT NULL,
	"head_img_url" text DEFAULT '' NOT NULL,
	"user_type" integer DEFAULT 1 NOT NULL,
	"is_recommended" integer DEFAULT 0 NOT NULL,
	"referral_code" text NOT NULL,
	"referrer_id" bigint,
	"vip_expire_at" timestamp with time zone,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL,
	"status_id" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 100 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "admin_user_site_login_uq" ON "admin_user" USING btree ("site_id","login_name");--> statement-breakpoint
CREATE INDEX "job_due_idx" ON "job" USING btree ("state","run_at");--> statement-breakpoint
CREATE INDEX "session_subject_idx" ON "session" USING btree ("site_id","subject_kind","subject_id");--> statement-breakpoint
CREATE INDEX "adv_site_idx" ON "adv" USING btree ("site_id","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "dict_site_type_key_uq" ON "dict" USING btree ("site_id","dict_type","dict_key");--> statement-breakpoint
CREATE INDEX "nav_bar_site_idx" ON "nav_bar" USING btree ("site_id","sort");--> statement-breakpoint
CREATE INDEX "sys_banner_site_idx" ON "sys_banner" USING btree ("site_id","banner_group","sort");--> statement-breakpoint
CREATE INDEX "website_link_site_idx" ON "website_link" USING btree ("site_id","sort");--> statement-breakpoint
CREATE INDEX "website_nav_site_idx" ON "website_nav" USING btree ("site_id","sort");--> statement-breakpoint
CREATE INDEX "website_nav_article_nav_idx" ON "website_nav_article" USING btree ("site_id","nav_id","sort");--> statement-breakpoint
CREATE INDEX "zone_site_idx" ON "zone" USING btree ("site_id","zone_location","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "user_site_mobile_uq" ON "user" USING btree ("site_id","mobile");--> statement-breakpoint
CREATE UNIQUE INDEX "user_site_referral_uq" ON "user" USING btree ("site_id","referral_code");--> statement-breakpoint
CREATE INDEX "user_site_referrer_idx" ON "user" USING btree ("site_id","referrer_id");