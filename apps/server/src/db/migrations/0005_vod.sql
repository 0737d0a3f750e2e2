CREATE TABLE "vod_secret" (
	"name" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vod_video" (
	"id" bigint PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"video_name" text NOT NULL,
	"source_key" text NOT NULL,
	"source_md5" text,
	"size_bytes" bigint DEFAULT 0 NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"fail_reason" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"duration_sec" integer DEFAULT 0 NOT NULL,
	"width" integer DEFAULT 0 NOT NULL,
	"height" integer DEFAULT 0 NOT NULL,
	"renditions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"poster_key" text,
	"aes_key" text,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "vod_video_user_idx" ON "vod_video" USING btree ("site_id","user_id","gmt_create");--> statement-breakpoint
CREATE INDEX "vod_video_md5_idx" ON "vod_video" USING btree ("site_id","source_md5");