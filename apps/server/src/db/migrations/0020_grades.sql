CREATE TABLE "grade" (
	"id" bigint PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"grade_name" text NOT NULL,
	"grade_cover" text DEFAULT '' NOT NULL,
	"introduction" text DEFAULT '' NOT NULL,
	"category_id" bigint,
	"capacity" integer DEFAULT 0 NOT NULL,
	"begin_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"join_rule" integer DEFAULT 1 NOT NULL,
	"invitation_code" text NOT NULL,
	"lecturer_user_id" bigint NOT NULL,
	"student_count" integer DEFAULT 0 NOT NULL,
	"disband_time" timestamp with time zone,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL,
	"status_id" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 100 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "grade_apply" (
	"id" bigint PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"grade_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"apply_status" integer DEFAULT 1 NOT NULL,
	"apply_remark" text DEFAULT '' NOT NULL,
	"audit_opinion" text DEFAULT '' NOT NULL,
	"audit_user_id" bigint,
	"audit_time" timestamp with time zone,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL,
	"status_id" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 100 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "grade_course" (
	"id" bigint PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"grade_id" bigint NOT NULL,
	"course_id" bigint NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL,
	"status_id" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 100 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "grade_student" (
	"id" bigint PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"grade_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"role" integer DEFAULT 1 NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"left_at" timestamp with time zone,
	"leave_type" integer DEFAULT 0 NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL,
	"status_id" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 100 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "grade_teacher_idx" ON "grade" USING btree ("site_id","lecturer_user_id","id");--> statement-breakpoint
CREATE INDEX "grade_open_idx" ON "grade" USING btree ("site_id","status_id","end_time");--> statement-breakpoint
CREATE UNIQUE INDEX "grade_code_uq" ON "grade" USING btree ("site_id","invitation_code");--> statement-breakpoint
CREATE INDEX "grade_apply_list_idx" ON "grade_apply" USING btree ("site_id","grade_id","apply_status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "grade_apply_pending_uq" ON "grade_apply" USING btree ("site_id","grade_id","user_id") WHERE apply_status = 1;--> statement-breakpoint
CREATE UNIQUE INDEX "grade_course_uq" ON "grade_course" USING btree ("site_id","grade_id","course_id");--> statement-breakpoint
CREATE INDEX "grade_course_course_idx" ON "grade_course" USING btree ("site_id","course_id");--> statement-breakpoint
CREATE UNIQUE INDEX "grade_student_uq" ON "grade_student" USING btree ("site_id","grade_id","user_id");--> statement-breakpoint
CREATE INDEX "grade_student_user_idx" ON "grade_student" USING btree ("site_id","user_id","status_id");--> statement-breakpoint
CREATE INDEX "grade_student_list_idx" ON "grade_student" USING btree ("site_id","grade_id","status_id","id");