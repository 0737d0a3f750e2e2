CREATE TABLE "search_gone" (
	"site_id" bigint NOT NULL,
	"doc_type" integer NOT NULL,
	"ref_id" bigint NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_gone_site_time_idx" ON "search_gone" USING btree ("site_id","gmt_create");--> statement-breakpoint
CREATE INDEX "search_doc_modified_idx" ON "search_doc" USING btree ("site_id","gmt_modified");