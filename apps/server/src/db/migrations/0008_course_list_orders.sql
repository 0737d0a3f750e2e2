DROP INDEX "course_list_idx";--> statement-breakpoint
CREATE INDEX "course_popular_idx" ON "course" USING btree ("site_id","course_type","is_putaway","status_id","count_buy" DESC NULLS LAST,"count_study" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "course_price_idx" ON "course" USING btree ("site_id","course_type","is_putaway","status_id","course_price","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "course_list_idx" ON "course" USING btree ("site_id","course_type","is_putaway","status_id","sort","id" DESC NULLS LAST);