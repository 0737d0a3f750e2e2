DROP INDEX "blog_hot_idx";--> statement-breakpoint
CREATE INDEX "blog_author_feed_idx" ON "blog" USING btree ("site_id","user_id","publish_time","id") WHERE is_publish = 1 and is_hidden = 0;--> statement-breakpoint
CREATE INDEX "blog_hot_idx" ON "blog" USING btree ("site_id","hot_score" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE is_publish = 1 and is_hidden = 0;