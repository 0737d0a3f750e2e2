CREATE TABLE "course_chapter_pic" (
	"id" bigint PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"course_id" bigint NOT NULL,
	"chapter_id" bigint NOT NULL,
	"period_id" bigint,
	"pic_name" text DEFAULT '' NOT NULL,
	"pic_url" text NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL,
	"status_id" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 100 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_chapter_pic_audit" (
	"id" bigint PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"course_id" bigint NOT NULL,
	"chapter_id" bigint NOT NULL,
	"period_id" bigint,
	"pic_name" text DEFAULT '' NOT NULL,
	"pic_url" text NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL,
	"status_id" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 100 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "course_chapter_pic_course_idx" ON "course_chapter_pic" USING btree ("site_id","course_id","chapter_id","sort","id");--> statement-breakpoint
CREATE INDEX "course_chapter_pic_audit_course_idx" ON "course_chapter_pic_audit" USING btree ("site_id","course_id","chapter_id","sort","id");