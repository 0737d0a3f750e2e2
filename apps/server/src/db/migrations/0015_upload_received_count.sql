ALTER TABLE "vod_upload" ADD COLUMN "received" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- uploads in progress keep their place: their count starts at the chunks they already have
UPDATE "vod_upload" u SET "received" = (SELECT count(*) FROM "vod_upload_chunk" c WHERE c."site_id" = u."site_id" AND c."upload_id" = u."id");
