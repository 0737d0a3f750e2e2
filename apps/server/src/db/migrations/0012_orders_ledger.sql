CREATE TABLE "order_info" (
	"id" bigint PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"order_no" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"mobile" text NOT NULL,
	"product_type" integer NOT NULL,
	"product_id" bigint NOT NULL,
	"product_name" text NOT NULL,
	"product_img" text DEFAULT '' NOT NULL,
	"course_type" integer DEFAULT 0 NOT NULL,
	"vip_days" integer DEFAULT 0 NOT NULL,
	"lecturer_user_id" bigint,
	"lecturer_name" text DEFAULT '' NOT NULL,
	"ruling_price" bigint DEFAULT 0 NOT NULL,
	"price_payable" bigint DEFAULT 0 NOT NULL,
	"price_paid" bigint DEFAULT 0 NOT NULL,
	"share_rate" integer DEFAULT 0 NOT NULL,
	"lecturer_profit" bigint DEFAULT 0 NOT NULL,
	"referrer_id" bigint,
	"referral_rate" integer DEFAULT 0 NOT NULL,
	"referral_reward" bigint DEFAULT 0 NOT NULL,
	"platform_profit" bigint DEFAULT 0 NOT NULL,
	"pay_type" text NOT NULL,
	"serial_number" bigint NOT NULL,
	"trade_no" text DEFAULT '' NOT NULL,
	"order_status" integer DEFAULT 1 NOT NULL,
	"expire_at" timestamp with time zone NOT NULL,
	"pay_time" timestamp with time zone,
	"close_time" timestamp with time zone,
	"refund_time" timestamp with time zone,
	"remark" text DEFAULT '' NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_pay" (
	"id" bigint PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"order_no" bigint NOT NULL,
	"serial_number" bigint NOT NULL,
	"pay_type" text NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"order_status" integer DEFAULT 1 NOT NULL,
	"trade_no" text DEFAULT '' NOT NULL,
	"pay_time" timestamp with time zone,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pay_notice_log" (
	"id" bigint PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"pay_type" text NOT NULL,
	"serial_number" text DEFAULT '' NOT NULL,
	"order_no" bigint,
	"amount" bigint DEFAULT 0 NOT NULL,
	"trade_no" text DEFAULT '' NOT NULL,
	"result" integer NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"raw_body" text DEFAULT '' NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vip_set" (
	"id" bigint PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"set_name" text NOT NULL,
	"days" integer NOT NULL,
	"price" bigint DEFAULT 0 NOT NULL,
	"ruling_price" bigint DEFAULT 0 NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL,
	"status_id" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 100 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "account_extract" (
	"id" bigint PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"extract_amount" bigint DEFAULT 0 NOT NULL,
	"extract_status" integer DEFAULT 1 NOT NULL,
	"bank_card_no" text NOT NULL,
	"bank_name" text NOT NULL,
	"bank_branch_name" text DEFAULT '' NOT NULL,
	"bank_user_name" text NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"admin_id" bigint,
	"audit_time" timestamp with time zone,
	"finish_time" timestamp with time zone,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "account_ledger" (
	"id" bigint PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"available_delta" bigint DEFAULT 0 NOT NULL,
	"frozen_delta" bigint DEFAULT 0 NOT NULL,
	"withdrawn_delta" bigint DEFAULT 0 NOT NULL,
	"available_after" bigint DEFAULT 0 NOT NULL,
	"frozen_after" bigint DEFAULT 0 NOT NULL,
	"withdrawn_after" bigint DEFAULT 0 NOT NULL,
	"order_no" bigint,
	"extract_id" bigint,
	"remark" text DEFAULT '' NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "money_account" (
	"id" bigint PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"available_amount" bigint DEFAULT 0 NOT NULL,
	"frozen_amount" bigint DEFAULT 0 NOT NULL,
	"withdrawn_amount" bigint DEFAULT 0 NOT NULL,
	"total_share" bigint DEFAULT 0 NOT NULL,
	"total_reward" bigint DEFAULT 0 NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "website" ADD COLUMN "referral_rate" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "lecturer" ADD COLUMN "share_rate" integer DEFAULT 70 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "order_info_no_uq" ON "order_info" USING btree ("site_id","order_no");--> statement-breakpoint
CREATE UNIQUE INDEX "order_info_pending_uq" ON "order_info" USING btree ("site_id","user_id","product_type","product_id") WHERE order_status = 1;--> statement-breakpoint
CREATE INDEX "order_info_user_idx" ON "order_info" USING btree ("site_id","user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "order_info_lecturer_idx" ON "order_info" USING btree ("site_id","lecturer_user_id","pay_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "order_info_status_idx" ON "order_info" USING btree ("site_id","order_status","gmt_create");--> statement-breakpoint
CREATE INDEX "order_info_pay_time_idx" ON "order_info" USING btree ("site_id","pay_time");--> statement-breakpoint
CREATE INDEX "order_info_referrer_idx" ON "order_info" USING btree ("site_id","referrer_id","pay_time" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "order_pay_serial_uq" ON "order_pay" USING btree ("site_id","serial_number");--> statement-breakpoint
CREATE INDEX "order_pay_order_idx" ON "order_pay" USING btree ("site_id","order_id");--> statement-breakpoint
CREATE INDEX "pay_notice_log_order_idx" ON "pay_notice_log" USING btree ("site_id","order_no");--> statement-breakpoint
CREATE INDEX "pay_notice_log_time_idx" ON "pay_notice_log" USING btree ("site_id","gmt_create");--> statement-breakpoint
CREATE INDEX "vip_set_site_idx" ON "vip_set" USING btree ("site_id","status_id","sort");--> statement-breakpoint
CREATE INDEX "account_extract_user_idx" ON "account_extract" USING btree ("site_id","user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "account_extract_status_idx" ON "account_extract" USING btree ("site_id","extract_status","id");--> statement-breakpoint
CREATE INDEX "account_ledger_user_idx" ON "account_ledger" USING btree ("site_id","user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "account_ledger_order_idx" ON "account_ledger" USING btree ("site_id","order_no");--> statement-breakpoint
CREATE UNIQUE INDEX "account_ledger_order_uq" ON "account_ledger" USING btree ("site_id","order_no","user_id","kind") WHERE order_no is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "account_ledger_extract_uq" ON "account_ledger" USING btree ("site_id","extract_id","kind") WHERE extract_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "money_account_user_uq" ON "money_account" USING btree ("site_id","user_id");--> statement-breakpoint
CREATE INDEX "money_account_available_idx" ON "money_account" USING btree ("site_id","available_amount" DESC NULLS LAST);