CREATE TABLE "worker_lease" (
	"worker_id" integer PRIMARY KEY NOT NULL,
	"owner" text NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
