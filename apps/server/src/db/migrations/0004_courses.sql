CREATE TABLE "course" (
	"id" bigint PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"lecturer_user_id" bigint NOT NULL,
	"category_id" bigint NOT NULL,
	"course_type" integer DEFAULT 1 NOT NULL,
	"course_name" text NOT NULL,
	"course_logo" text DEFAULT '' NOT NULL,
	"introduce" text DEFAULT '' NOT NULL,
	"is_free" integer DEFAULT 0 NOT NULL,
	"ruling_price" bigint DEFAULT 0 NOT NULL,
	"course_price" bigint DEFAULT 0 NOT NULL,
	"is_vip_free" integer DEFAULT 0 NOT NULL,
	"speed_double" integer DEFAULT 1 NOT NULL,
	"speed_drag" integer DEFAULT 1 NOT NULL,
	"is_putaway" integer DEFAULT 1 NOT NULL,
	"is_recommend" integer DEFAULT 0 NOT NULL,
	"count_buy" integer DEFAULT 0 NOT NULL,
	"count_study" integer DEFAULT 0 NOT NULL,
	"period_total" integer DEFAULT 0 NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL,
	"status_id" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 100 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_accessory" (
	"id" bigint PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"course_id" bigint NOT NULL,
	"accessory_name" text NOT NULL,
	"storage_key" text NOT NULL,
	"file_size" bigint DEFAULT 0 NOT NULL,
	"download_count" integer DEFAULT 0 NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL,
	"status_id" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 100 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_category" (
	"id" bigint PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"parent_id" bigint DEFAULT 0 NOT NULL,
	"category_type" integer DEFAULT 1 NOT NULL,
	"category_name" text NOT NULL,
	"floor" integer DEFAULT 1 NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL,
	"status_id" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 100 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_chapter" (
	"id" bigint PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"course_id" bigint NOT NULL,
	"chapter_name" text NOT NULL,
	"chapter_desc" text DEFAULT '' NOT NULL,
	"is_free" integer DEFAULT 0 NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL,
	"status_id" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 100 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_chapter_period" (
	"id" bigint PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"course_id" bigint NOT NULL,
	"chapter_id" bigint NOT NULL,
	"period_name" text NOT NULL,
	"period_desc" text DEFAULT '' NOT NULL,
	"is_free" integer DEFAULT 0 NOT NULL,
	"video_id" bigint,
	"video_duration" integer DEFAULT 0 NOT NULL,
	"doc_key" text,
	"doc_name" text DEFAULT '' NOT NULL,
	"doc_pages" integer DEFAULT 0 NOT NULL,
	"count_study" integer DEFAULT 0 NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL,
	"status_id" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 100 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_course" (
	"id" bigint PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"course_id" bigint NOT NULL,
	"buy_type" integer DEFAULT 0 NOT NULL,
	"expire_at" timestamp with time zone,
	"granted_by" bigint,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL,
	"status_id" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_course_collect" (
	"id" bigint PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"course_id" bigint NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_course_comment" (
	"id" bigint PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"course_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"parent_id" bigint,
	"comment_text" text NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL,
	"status_id" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "zone_course" (
	"id" bigint PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"zone_id" bigint NOT NULL,
	"course_id" bigint NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL,
	"status_id" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 100 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "course_list_idx" ON "course" USING btree ("site_id","course_type","is_putaway","status_id","sort","id");--> statement-breakpoint
CREATE INDEX "course_category_idx" ON "course" USING btree ("site_id","category_id");--> statement-breakpoint
CREATE INDEX "course_lecturer_idx" ON "course" USING btree ("site_id","lecturer_user_id");--> statement-breakpoint
CREATE INDEX "course_name_trgm_idx" ON "course" USING gin ("course_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "course_accessory_course_idx" ON "course_accessory" USING btree ("site_id","course_id","sort");--> statement-breakpoint
CREATE INDEX "course_category_tree_idx" ON "course_category" USING btree ("site_id","category_type","parent_id","sort");--> statement-breakpoint
CREATE INDEX "course_chapter_course_idx" ON "course_chapter" USING btree ("site_id","course_id","sort","id");--> statement-breakpoint
CREATE INDEX "course_period_course_idx" ON "course_chapter_period" USING btree ("site_id","course_id","chapter_id","sort","id");--> statement-breakpoint
CREATE INDEX "course_period_video_idx" ON "course_chapter_period" USING btree ("site_id","video_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_course_uq" ON "user_course" USING btree ("site_id","user_id","course_id");--> statement-breakpoint
CREATE INDEX "user_course_course_idx" ON "user_course" USING btree ("site_id","course_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_course_collect_uq" ON "user_course_collect" USING btree ("site_id","user_id","course_id");--> statement-breakpoint
CREATE INDEX "user_course_collect_user_idx" ON "user_course_collect" USING btree ("site_id","user_id","gmt_create");--> statement-breakpoint
CREATE INDEX "user_course_comment_course_idx" ON "user_course_comment" USING btree ("site_id","course_id","gmt_create");--> statement-breakpoint
CREATE UNIQUE INDEX "zone_course_uq" ON "zone_course" USING btree ("site_id","zone_id","course_id");