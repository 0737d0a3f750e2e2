CREATE TABLE "grade_exam" (
	"id" bigint PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"grade_id" bigint NOT NULL,
	"exam_id" bigint NOT NULL,
	"lecturer_user_id" bigint NOT NULL,
	"begin_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"attempt_limit" integer DEFAULT 1 NOT NULL,
	"is_show_answer" integer DEFAULT 0 NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL,
	"status_id" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 100 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "grade_exam_student" (
	"id" bigint PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"grade_exam_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"compensate_status" integer DEFAULT 0 NOT NULL,
	"compensate_end_time" timestamp with time zone,
	"extra_attempts" integer DEFAULT 0 NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "exam_record_open_uq";--> statement-breakpoint
ALTER TABLE "exam_record" ADD COLUMN "grade_exam_id" bigint;--> statement-breakpoint
CREATE INDEX "grade_exam_grade_idx" ON "grade_exam" USING btree ("site_id","grade_id","status_id","begin_time");--> statement-breakpoint
CREATE INDEX "grade_exam_teacher_idx" ON "grade_exam" USING btree ("site_id","lecturer_user_id","status_id");--> statement-breakpoint
CREATE UNIQUE INDEX "grade_exam_student_uq" ON "grade_exam_student" USING btree ("site_id","grade_exam_id","user_id");--> statement-breakpoint
CREATE INDEX "exam_record_grade_exam_idx" ON "exam_record" USING btree ("site_id","grade_exam_id","user_id","status") WHERE "exam_record"."grade_exam_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "exam_record_open_uq" ON "exam_record" USING btree ("site_id","exam_id","user_id",coalesce("grade_exam_id", 0)) WHERE "exam_record"."status" = 1;