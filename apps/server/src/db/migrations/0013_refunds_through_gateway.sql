ALTER TABLE "pay_sandbox_trade" ADD COLUMN "refund_no" text;--> statement-breakpoint
ALTER TABLE "pay_sandbox_trade" ADD COLUMN "refund_amount_fen" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pay_sandbox_trade" ADD COLUMN "gmt_refunded" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_pay" ADD COLUMN "refund_trade_no" text DEFAULT '' NOT NULL;