-- The home's « Sélection {genre} » rails (spec §2: the 4 categories with most total views) summed
-- the views of every video on every home computed: 158 ms at 100,000 videos, ten times that at a
-- million (issue 14, growth). The sums are kept here instead, per category and maturity (parental
-- control sums the maturities an audience may see), for published videos only, by statement
-- triggers on videos: a view counted, a video published or taken back, its maturity or its
-- categories changed (videos.category_ids follows video_categories, migration 0019), a video
-- added or deleted. No foreign key: a deleted category's row is left out by the read's join.
CREATE TABLE "category_view_totals" (
  "category_id" uuid NOT NULL,
  "maturity" text NOT NULL,
  "videos" integer NOT NULL DEFAULT 0,
  "views" bigint NOT NULL DEFAULT 0,
  PRIMARY KEY ("category_id", "maturity")
);
--> statement-breakpoint
INSERT INTO "category_view_totals" ("category_id", "maturity", "videos", "views")
  SELECT c, v.maturity, count(*), sum(v.views) FROM videos v, unnest(v.category_ids) c
  WHERE v.published GROUP BY 1, 2;
--> statement-breakpoint
-- One function for the three triggers: what the statement added (new rows) less what it removed
-- (old rows), summed per category and maturity, written in key order (concurrent statements lock
-- the rows in the same order). An UPDATE that moves nothing here (a rating's aggregate) writes nothing.
CREATE FUNCTION bobine_category_view_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO category_view_totals AS t (category_id, maturity, videos, views)
      SELECT c, n.maturity, count(*), sum(n.views) FROM new_rows n, unnest(n.category_ids) c
      WHERE n.published GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (category_id, maturity)
      DO UPDATE SET videos = t.videos + excluded.videos, views = t.views + excluded.views;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO category_view_totals AS t (category_id, maturity, videos, views)
      SELECT c, o.maturity, -count(*), -sum(o.views) FROM old_rows o, unnest(o.category_ids) c
      WHERE o.published GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (category_id, maturity)
      DO UPDATE SET videos = t.videos + excluded.videos, views = t.views + excluded.views;
  ELSE
    INSERT INTO category_view_totals AS t (category_id, maturity, videos, views)
      SELECT category_id, maturity, sum(videos)::int, sum(views)::bigint FROM (
        SELECT c AS category_id, n.maturity, 1 AS videos, n.views FROM new_rows n, unnest(n.category_ids) c
          WHERE n.published
        UNION ALL
        SELECT c, o.maturity, -1, -o.views FROM old_rows o, unnest(o.category_ids) c WHERE o.published
      ) delta
      GROUP BY 1, 2 HAVING sum(videos) <> 0 OR sum(views) <> 0 ORDER BY 1, 2
      ON CONFLICT (category_id, maturity)
      DO UPDATE SET videos = t.videos + excluded.videos, views = t.views + excluded.views;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER videos_category_view_totals_insert AFTER INSERT ON videos
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bobine_category_view_totals();
--> statement-breakpoint
CREATE TRIGGER videos_category_view_totals_delete AFTER DELETE ON videos
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bobine_category_view_totals();
--> statement-breakpoint
CREATE TRIGGER videos_category_view_totals_update AFTER UPDATE ON videos
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT
  EXECUTE FUNCTION bobine_category_view_totals();
