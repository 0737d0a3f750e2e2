CREATE TABLE "blog_feed" (
	"site_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"publish_time" timestamp with time zone NOT NULL,
	"blog_id" bigint NOT NULL,
	"author_id" bigint NOT NULL,
	CONSTRAINT "blog_feed_pk" PRIMARY KEY("site_id","user_id","publish_time","blog_id")
);
--> statement-breakpoint
CREATE TABLE "blog_view_count" (
	"site_id" bigint NOT NULL,
	"blog_id" bigint NOT NULL,
	"views" integer NOT NULL,
	"folded_views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "blog_view_count_pk" PRIMARY KEY("site_id","blog_id")
);
--> statement-breakpoint
CREATE INDEX "blog_feed_blog_idx" ON "blog_feed" USING btree ("site_id","blog_id");--> statement-breakpoint
-- room on each page for a counter's new version beside the old, so adding views stays a HOT update
ALTER TABLE "blog_view_count" SET (fillfactor = 50);--> statement-breakpoint
-- the inboxes of existing fans: each followed blogger's 20 latest visible posts, as following them now would give
INSERT INTO "blog_feed" ("site_id", "user_id", "publish_time", "blog_id", "author_id")
SELECT f.site_id, f.user_id, b.publish_time, b.id, b.user_id
FROM "blogger_follow" f
CROSS JOIN LATERAL (
  SELECT id, user_id, publish_time FROM "blog"
  WHERE site_id = f.site_id AND user_id = f.blogger_user_id AND is_publish = 1 AND is_hidden = 0 AND publish_time IS NOT NULL
  ORDER BY publish_time DESC LIMIT 20
) b
ON CONFLICT DO NOTHING;
