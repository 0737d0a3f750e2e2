CREATE TABLE "live_attendance" (
	"id" bigint PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"session_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"first_join" timestamp with time zone DEFAULT now() NOT NULL,
	"last_leave" timestamp with time zone,
	"watch_seconds" integer DEFAULT 0 NOT NULL,
	"muted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live_channel" (
	"id" bigint PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"lecturer_user_id" bigint NOT NULL,
	"stream_key" text NOT NULL,
	"channel_pwd" text DEFAULT '' NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live_channel_log" (
	"id" bigint PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"session_id" bigint NOT NULL,
	"lecturer_user_id" bigint NOT NULL,
	"source" text NOT NULL,
	"start_time" timestamp with time zone DEFAULT now() NOT NULL,
	"end_time" timestamp with time zone,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live_chat" (
	"id" bigint PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"session_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"nickname" text NOT NULL,
	"content" text NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"status_id" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live_session" (
	"id" bigint PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"course_id" bigint NOT NULL,
	"period_id" bigint NOT NULL,
	"lecturer_user_id" bigint NOT NULL,
	"begin_time" timestamp with time zone NOT NULL,
	"live_duration" integer DEFAULT 60 NOT NULL,
	"live_status" integer DEFAULT 1 NOT NULL,
	"playback_save" integer DEFAULT 1 NOT NULL,
	"replay_video_id" bigint,
	"stream_name" text DEFAULT '' NOT NULL,
	"pinned_message" text DEFAULT '' NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "live_attendance_uq" ON "live_attendance" USING btree ("site_id","session_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "live_channel_lecturer_uq" ON "live_channel" USING btree ("site_id","lecturer_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "live_channel_key_uq" ON "live_channel" USING btree ("stream_key");--> statement-breakpoint
CREATE INDEX "live_channel_log_lecturer_idx" ON "live_channel_log" USING btree ("site_id","lecturer_user_id","start_time");--> statement-breakpoint
CREATE INDEX "live_chat_session_idx" ON "live_chat" USING btree ("site_id","session_id","gmt_create");--> statement-breakpoint
CREATE UNIQUE INDEX "live_session_period_uq" ON "live_session" USING btree ("site_id","period_id");--> statement-breakpoint
CREATE INDEX "live_session_plan_idx" ON "live_session" USING btree ("site_id","begin_time");--> statement-breakpoint
CREATE INDEX "live_session_lecturer_idx" ON "live_session" USING btree ("lecturer_user_id","begin_time");