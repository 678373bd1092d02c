DROP INDEX "favorites_user_added_idx";--> statement-breakpoint
DROP INDEX "watch_history_user_watched_idx";--> statement-breakpoint
DROP INDEX "videos_created_at_idx";--> statement-breakpoint
DROP INDEX "videos_views_idx";--> statement-breakpoint
DROP INDEX "videos_average_rating_idx";--> statement-breakpoint
DROP INDEX "videos_year_idx";--> statement-breakpoint
DROP INDEX "videos_type_views_idx";--> statement-breakpoint
CREATE INDEX "videos_type_created_at_idx" ON "videos" USING btree ("type","created_at" desc,"id" desc);--> statement-breakpoint
CREATE INDEX "favorites_user_added_idx" ON "favorites" USING btree ("user_id","added_at" desc,"video_id" desc);--> statement-breakpoint
CREATE INDEX "watch_history_user_watched_idx" ON "watch_history" USING btree ("user_id","watched_at" desc,"id" desc);--> statement-breakpoint
CREATE INDEX "videos_created_at_idx" ON "videos" USING btree ("created_at" desc,"id" desc);--> statement-breakpoint
CREATE INDEX "videos_views_idx" ON "videos" USING btree ("views" desc,"id" desc);--> statement-breakpoint
CREATE INDEX "videos_average_rating_idx" ON "videos" USING btree ("average_rating" desc,"total_ratings" desc,"id" desc);--> statement-breakpoint
CREATE INDEX "videos_year_idx" ON "videos" USING btree ("year" desc,"created_at" desc,"id" desc);--> statement-breakpoint
CREATE INDEX "videos_type_views_idx" ON "videos" USING btree ("type","views" desc,"id" desc);--> statement-breakpoint
-- Keyset paging (docs/decisions/031-keyset-paging.md): each sort mode's keys, id last, so that a
-- page after a cursor starts its index walk at the cursor (videoKeys in
-- src/server/shared/video-summary.queries.ts). Title A-Z compares the stored folded title
-- (migration 0007), which Drizzle's schema does not declare: its index is written here. It replaces
-- the index on bobine_fold(title) of migration 0003, which the title sort no longer computes.
DROP INDEX IF EXISTS "videos_title_fold_idx";
--> statement-breakpoint
CREATE INDEX "videos_title_sort_idx" ON "videos" USING btree ("title_fold", "title", "id");

--> statement-breakpoint
-- The Explorer's filters read from the sort indexes (decision 030: an uncacheable filter combination
-- p95 ≤ 10 ms at 100,000 titles). A page walks the chosen sort's index and skips the rows that do
-- not match: with the filtered columns INCLUDEd, skipping reads the index only, never the table
-- (100 times cheaper on a selective combination). The categories of a video are kept in
-- videos.category_ids (by the triggers below, from video_categories), so that the category filter
-- is one more included column instead of a join per row. Drizzle's schema declares these indexes
-- without INCLUDE (it cannot say it): they are made again here, under the same names.
ALTER TABLE "videos" ADD COLUMN "category_ids" uuid[] NOT NULL DEFAULT '{}';
--> statement-breakpoint
UPDATE "videos" v SET "category_ids" = c.ids
  FROM (SELECT video_id, array_agg(category_id ORDER BY category_id) AS ids FROM video_categories GROUP BY video_id) c
  WHERE c.video_id = v.id;
--> statement-breakpoint
CREATE FUNCTION bobine_video_category_ids() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE videos v SET category_ids = coalesce(
      (SELECT array_agg(vc.category_id ORDER BY vc.category_id) FROM video_categories vc WHERE vc.video_id = v.id),
      '{}')
    WHERE v.id IN (SELECT video_id FROM changed_rows);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER video_categories_ids_insert AFTER INSERT ON video_categories
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bobine_video_category_ids();
--> statement-breakpoint
CREATE TRIGGER video_categories_ids_delete AFTER DELETE ON video_categories
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bobine_video_category_ids();
--> statement-breakpoint
CREATE FUNCTION bobine_video_category_ids_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE videos v SET category_ids = coalesce(
      (SELECT array_agg(vc.category_id ORDER BY vc.category_id) FROM video_categories vc WHERE vc.video_id = v.id),
      '{}')
    WHERE v.id IN (SELECT video_id FROM new_rows UNION SELECT video_id FROM old_rows);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER video_categories_ids_update AFTER UPDATE ON video_categories
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT
  EXECUTE FUNCTION bobine_video_category_ids_moved();
--> statement-breakpoint
CREATE INDEX "videos_category_ids_idx" ON "videos" USING gin ("category_ids");
--> statement-breakpoint
DROP INDEX "videos_created_at_idx";
--> statement-breakpoint
CREATE INDEX "videos_created_at_idx" ON "videos" USING btree ("created_at" desc, "id" desc)
  INCLUDE ("type", "language", "year", "average_rating", "maturity", "category_ids");
--> statement-breakpoint
DROP INDEX "videos_views_idx";
--> statement-breakpoint
CREATE INDEX "videos_views_idx" ON "videos" USING btree ("views" desc, "id" desc)
  INCLUDE ("type", "language", "year", "average_rating", "maturity", "category_ids");
--> statement-breakpoint
DROP INDEX "videos_average_rating_idx";
--> statement-breakpoint
CREATE INDEX "videos_average_rating_idx" ON "videos" USING btree ("average_rating" desc, "total_ratings" desc, "id" desc)
  INCLUDE ("type", "language", "year", "maturity", "category_ids");
--> statement-breakpoint
DROP INDEX "videos_year_idx";
--> statement-breakpoint
CREATE INDEX "videos_year_idx" ON "videos" USING btree ("year" desc, "created_at" desc, "id" desc)
  INCLUDE ("type", "language", "average_rating", "maturity", "category_ids");
--> statement-breakpoint
DROP INDEX "videos_title_sort_idx";
--> statement-breakpoint
CREATE INDEX "videos_title_sort_idx" ON "videos" USING btree ("title_fold", "title", "id")
  INCLUDE ("type", "language", "year", "average_rating", "maturity", "category_ids");
