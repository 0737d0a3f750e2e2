CREATE TABLE "pay_sandbox_trade" (
	"id" bigint PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"serial_number" text NOT NULL,
	"amount_fen" bigint NOT NULL,
	"subject" text NOT NULL,
	"notify_url" text NOT NULL,
	"return_url" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"trade_no" text,
	"gmt_paid" timestamp with time zone,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pay_secret" (
	"name" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "pay_sandbox_trade_serial_uq" ON "pay_sandbox_trade" USING btree ("site_id","serial_number");