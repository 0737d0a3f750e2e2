CREATE TABLE "pay_difference" (
	"id" bigint PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"order_no" bigint NOT NULL,
	"serial_number" bigint NOT NULL,
	"pay_type" text NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"status_id" integer DEFAULT 1 NOT NULL,
	"handled" text DEFAULT '' NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "pay_difference_uq" ON "pay_difference" USING btree ("site_id","kind","serial_number");--> statement-breakpoint
CREATE INDEX "pay_difference_open_idx" ON "pay_difference" USING btree ("site_id","status_id","id" DESC NULLS LAST);