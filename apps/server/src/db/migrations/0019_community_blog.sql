CREATE TABLE "blog" (
	"id" bigint PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"article_type" integer DEFAULT 1 NOT NULL,
	"title" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"art_pic" text DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"tags" text DEFAULT '' NOT NULL,
	"is_publish" integer DEFAULT 0 NOT NULL,
	"is_hidden" integer DEFAULT 0 NOT NULL,
	"is_recommend" integer DEFAULT 0 NOT NULL,
	"view_count" integer DEFAULT 0 NOT NULL,
	"like_count" integer DEFAULT 0 NOT NULL,
	"collection_count" integer DEFAULT 0 NOT NULL,
	"comment_count" integer DEFAULT 0 NOT NULL,
	"publish_time" timestamp with time zone,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL,
	"status_id" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 100 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blog_comment" (
	"id" bigint PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"blog_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"parent_id" bigint,
	"reply_user_id" bigint,
	"content" text NOT NULL,
	"is_hidden" integer DEFAULT 0 NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL,
	"status_id" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 100 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blog_user_record" (
	"id" bigint PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"blog_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"record_type" integer NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blogger" (
	"id" bigint PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"nickname" text DEFAULT '' NOT NULL,
	"head_img_url" text DEFAULT '' NOT NULL,
	"introduce" text DEFAULT '' NOT NULL,
	"article_count" integer DEFAULT 0 NOT NULL,
	"fans_count" integer DEFAULT 0 NOT NULL,
	"like_count" integer DEFAULT 0 NOT NULL,
	"is_recommend" integer DEFAULT 0 NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL,
	"status_id" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 100 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blogger_follow" (
	"id" bigint PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"blogger_user_id" bigint NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "blog_latest_idx" ON "blog" USING btree ("site_id","is_publish","is_hidden","publish_time");--> statement-breakpoint
CREATE INDEX "blog_author_idx" ON "blog" USING btree ("site_id","user_id","id");--> statement-breakpoint
CREATE INDEX "blog_recommend_idx" ON "blog" USING btree ("site_id","is_recommend","publish_time");--> statement-breakpoint
CREATE INDEX "blog_comment_blog_idx" ON "blog_comment" USING btree ("site_id","blog_id","parent_id","id");--> statement-breakpoint
CREATE INDEX "blog_comment_site_idx" ON "blog_comment" USING btree ("site_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "blog_user_record_uq" ON "blog_user_record" USING btree ("site_id","user_id","record_type","blog_id");--> statement-breakpoint
CREATE INDEX "blog_user_record_list_idx" ON "blog_user_record" USING btree ("site_id","user_id","record_type","id");--> statement-breakpoint
CREATE UNIQUE INDEX "blogger_user_uq" ON "blogger" USING btree ("site_id","user_id");--> statement-breakpoint
CREATE INDEX "blogger_recommend_idx" ON "blogger" USING btree ("site_id","is_recommend","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "blogger_follow_uq" ON "blogger_follow" USING btree ("site_id","user_id","blogger_user_id");--> statement-breakpoint
CREATE INDEX "blogger_follow_fans_idx" ON "blogger_follow" USING btree ("site_id","blogger_user_id","id");