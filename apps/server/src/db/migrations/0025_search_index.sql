CREATE TABLE "search_doc" (
	"site_id" bigint NOT NULL,
	"doc_type" integer NOT NULL,
	"ref_id" bigint NOT NULL,
	"title" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"by_name" text DEFAULT '' NOT NULL,
	"pic" text DEFAULT '' NOT NULL,
	"category_ids" bigint[] DEFAULT '{}' NOT NULL,
	"price" bigint DEFAULT 0 NOT NULL,
	"popularity" integer DEFAULT 0 NOT NULL,
	"tsv" "tsvector" NOT NULL,
	"trgm" text NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "search_doc_site_id_doc_type_ref_id_pk" PRIMARY KEY("site_id","doc_type","ref_id")
);
--> statement-breakpoint
CREATE INDEX "search_doc_tsv_idx" ON "search_doc" USING gin ("tsv");--> statement-breakpoint
CREATE INDEX "search_doc_trgm_idx" ON "search_doc" USING gin ("trgm" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "search_doc_category_idx" ON "search_doc" USING gin ("category_ids");--> statement-breakpoint
CREATE INDEX "search_doc_popular_idx" ON "search_doc" USING btree ("site_id","doc_type","popularity" DESC NULLS LAST);