CREATE TABLE "course_accessory_audit" (
	"id" bigint PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"course_id" bigint NOT NULL,
	"accessory_name" text NOT NULL,
	"storage_key" text NOT NULL,
	"file_size" bigint DEFAULT 0 NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL,
	"status_id" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 100 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_audit" (
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
	"audit_status" integer DEFAULT 0 NOT NULL,
	"audit_opinion" text DEFAULT '' NOT NULL,
	"is_published" integer DEFAULT 0 NOT NULL,
	"submit_time" timestamp with time zone,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL,
	"status_id" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 100 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_chapter_audit" (
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
CREATE TABLE "course_chapter_period_audit" (
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
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL,
	"status_id" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 100 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vod_upload" (
	"id" bigint PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"identifier" text NOT NULL,
	"file_name" text NOT NULL,
	"total_size" bigint NOT NULL,
	"total_chunks" integer NOT NULL,
	"chunk_size" integer NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"video_id" bigint,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vod_upload_chunk" (
	"site_id" bigint NOT NULL,
	"upload_id" bigint NOT NULL,
	"chunk_number" integer NOT NULL,
	"size" integer NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vod_upload_chunk_upload_id_chunk_number_pk" PRIMARY KEY("upload_id","chunk_number")
);
--> statement-breakpoint
CREATE INDEX "course_accessory_audit_course_idx" ON "course_accessory_audit" USING btree ("site_id","course_id","sort");--> statement-breakpoint
CREATE INDEX "course_audit_lecturer_idx" ON "course_audit" USING btree ("site_id","lecturer_user_id","status_id","gmt_modified" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "course_audit_queue_idx" ON "course_audit" USING btree ("site_id","audit_status","submit_time");--> statement-breakpoint
CREATE INDEX "course_chapter_audit_course_idx" ON "course_chapter_audit" USING btree ("site_id","course_id","sort","id");--> statement-breakpoint
CREATE INDEX "course_period_audit_course_idx" ON "course_chapter_period_audit" USING btree ("site_id","course_id","chapter_id","sort","id");--> statement-breakpoint
CREATE INDEX "course_period_audit_video_idx" ON "course_chapter_period_audit" USING btree ("site_id","video_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vod_upload_file_uq" ON "vod_upload" USING btree ("site_id","user_id","identifier");--> statement-breakpoint
CREATE INDEX "vod_upload_stale_idx" ON "vod_upload" USING btree ("status","gmt_modified");