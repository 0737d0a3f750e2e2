-- A blogger's counts of visible posts and of their likes follow every change of a post in the change's own transaction (decision 61): one update per author and statement, whatever the number of rows; a count of the author's posts at every edit cost O(their posts)
CREATE OR REPLACE FUNCTION blog_author_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF tg_op = 'INSERT' THEN
    UPDATE blogger g SET article_count = g.article_count + d.n, like_count = g.like_count + d.likes
      FROM (SELECT site_id, user_id, count(*)::integer AS n, sum(like_count)::integer AS likes
            FROM now_rows WHERE is_publish = 1 AND is_hidden = 0 GROUP BY site_id, user_id) d
      WHERE g.site_id = d.site_id AND g.user_id = d.user_id;
  ELSIF tg_op = 'DELETE' THEN
    UPDATE blogger g SET article_count = g.article_count - d.n, like_count = g.like_count - d.likes
      FROM (SELECT site_id, user_id, count(*)::integer AS n, sum(like_count)::integer AS likes
            FROM was_rows WHERE is_publish = 1 AND is_hidden = 0 GROUP BY site_id, user_id) d
      WHERE g.site_id = d.site_id AND g.user_id = d.user_id;
  ELSE
    UPDATE blogger g SET article_count = g.article_count + d.n, like_count = g.like_count + d.likes
      FROM (SELECT site_id, user_id, sum(n)::integer AS n, sum(likes)::integer AS likes
            FROM (SELECT site_id, user_id, 1 AS n, like_count AS likes FROM now_rows WHERE is_publish = 1 AND is_hidden = 0
                  UNION ALL
                  SELECT site_id, user_id, -1, -like_count FROM was_rows WHERE is_publish = 1 AND is_hidden = 0) c
            GROUP BY site_id, user_id
            HAVING sum(n) <> 0 OR sum(likes) <> 0) d
      WHERE g.site_id = d.site_id AND g.user_id = d.user_id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER blog_author_totals_insert AFTER INSERT ON blog REFERENCING NEW TABLE AS now_rows FOR EACH STATEMENT EXECUTE FUNCTION blog_author_totals();--> statement-breakpoint
CREATE TRIGGER blog_author_totals_update AFTER UPDATE ON blog REFERENCING OLD TABLE AS was_rows NEW TABLE AS now_rows FOR EACH STATEMENT EXECUTE FUNCTION blog_author_totals();--> statement-breakpoint
CREATE TRIGGER blog_author_totals_delete AFTER DELETE ON blog REFERENCING OLD TABLE AS was_rows FOR EACH STATEMENT EXECUTE FUNCTION blog_author_totals();--> statement-breakpoint
UPDATE blogger g SET
  article_count = (SELECT count(*) FROM blog b WHERE b.site_id = g.site_id AND b.user_id = g.user_id AND b.is_publish = 1 AND b.is_hidden = 0),
  like_count = (SELECT coalesce(sum(b.like_count), 0) FROM blog b WHERE b.site_id = g.site_id AND b.user_id = g.user_id AND b.is_publish = 1 AND b.is_hidden = 0);
