-- French typography: the texts below hold non-breaking spaces (U+00A0), as in migration 0011.
-- Drafts (issue 12, docs/decisions/052-drafts.md): a film created to receive an uploaded file is not
-- offered to members until an administrator publishes it. Every row that exists is published. (The
-- generated file also re-added entitlements.reminded_at and payments.entitlement_id, which migration
-- 0021 made by hand without updating its snapshot: removed here, the snapshot now knows them.)
ALTER TABLE "videos" ADD COLUMN "published" boolean DEFAULT true NOT NULL;
--> statement-breakpoint
-- The Explorer's sort indexes INCLUDE the filtered columns (migration 0019) so that a page skips
-- rows reading the index only: every catalogue query now also filters on published.
DROP INDEX "videos_created_at_idx";
--> statement-breakpoint
CREATE INDEX "videos_created_at_idx" ON "videos" USING btree ("created_at" desc, "id" desc)
  INCLUDE ("type", "language", "year", "average_rating", "maturity", "category_ids", "published");
--> statement-breakpoint
DROP INDEX "videos_views_idx";
--> statement-breakpoint
CREATE INDEX "videos_views_idx" ON "videos" USING btree ("views" desc, "id" desc)
  INCLUDE ("type", "language", "year", "average_rating", "maturity", "category_ids", "published");
--> statement-breakpoint
DROP INDEX "videos_average_rating_idx";
--> statement-breakpoint
CREATE INDEX "videos_average_rating_idx" ON "videos" USING btree ("average_rating" desc, "total_ratings" desc, "id" desc)
  INCLUDE ("type", "language", "year", "maturity", "category_ids", "published");
--> statement-breakpoint
DROP INDEX "videos_year_idx";
--> statement-breakpoint
CREATE INDEX "videos_year_idx" ON "videos" USING btree ("year" desc, "created_at" desc, "id" desc)
  INCLUDE ("type", "language", "average_rating", "maturity", "category_ids", "published");
--> statement-breakpoint
DROP INDEX "videos_title_sort_idx";
--> statement-breakpoint
CREATE INDEX "videos_title_sort_idx" ON "videos" USING btree ("title_fold", "title", "id")
  INCLUDE ("type", "language", "year", "average_rating", "maturity", "category_ids", "published");
--> statement-breakpoint
-- A draft series tells nobody of its new episodes (migration 0011's trigger, same text otherwise).
CREATE OR REPLACE FUNCTION bobine_notify_new_episodes() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  recipients uuid[];
  recipient uuid;
BEGIN
  WITH added AS (
    SELECT series_id,
      count(*) AS n,
      (array_agg(season_number ORDER BY season_number, episode_number))[1] AS season,
      (array_agg(episode_number ORDER BY season_number, episode_number))[1] AS episode,
      (array_agg(title ORDER BY season_number, episode_number))[1] AS episode_title
    FROM new_episodes
    GROUP BY series_id
  ), inserted AS (
    INSERT INTO notifications (user_id, title, message)
    SELECT f.user_id,
      CASE WHEN a.n = 1 THEN 'Nouvel épisode' ELSE 'Nouveaux épisodes' END,
      CASE WHEN a.n = 1
        THEN format('« %s » : l''épisode %s de la saison %s, « %s », est disponible.',
          v.title, a.episode, a.season, a.episode_title)
        ELSE format('« %s » : %s nouveaux épisodes sont disponibles.', v.title, a.n)
      END
    FROM added a
    JOIN videos v ON v.id = a.series_id AND v.published
    JOIN favorites f ON f.video_id = a.series_id
    RETURNING user_id
  )
  SELECT array_agg(DISTINCT user_id) INTO recipients FROM inserted;
  IF recipients IS NULL THEN
    RETURN NULL;
  END IF;
  -- Past a few hundred members one message tells every process to refresh all its open streams.
  IF cardinality(recipients) > 200 THEN
    PERFORM pg_notify('bobine_notifications', '*');
  ELSE
    FOREACH recipient IN ARRAY recipients LOOP
      PERFORM pg_notify('bobine_notifications', recipient::text);
    END LOOP;
  END IF;
  RETURN NULL;
END;
$$;
