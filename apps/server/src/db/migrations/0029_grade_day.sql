CREATE TABLE "grade_day" (
	"id" bigint PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"grade_id" bigint NOT NULL,
	"day" date NOT NULL,
	"member_count" integer DEFAULT 0 NOT NULL,
	"mean_progress" double precision DEFAULT 0 NOT NULL,
	"studied_count" integer DEFAULT 0 NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL,
	"status_id" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 100 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "grade_day_uq" ON "grade_day" USING btree ("site_id","grade_id","day");