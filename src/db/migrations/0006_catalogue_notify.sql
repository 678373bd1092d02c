-- docs/decisions/005-catalogue-cache.md: every server process caches catalogue responses (spec §9)
-- and empties its caches when it hears on channel bobine_catalogue that a catalogue table changed,
-- whichever process or tool changed it. Statement-level triggers: one message per statement (and
-- NOTIFY folds identical messages of one transaction), sent at commit. The columns that ratings
-- and plays keep changing (views, rating_sum, total_ratings, updated_at) and created_by (set null
-- when an account is deleted) are left out, or every rating would flush the caches; the 5-minute
-- TTL bounds how stale those figures get.
CREATE FUNCTION bobine_catalogue_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('bobine_catalogue', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER videos_catalogue_notify AFTER INSERT OR DELETE OR TRUNCATE ON videos
  FOR EACH STATEMENT EXECUTE FUNCTION bobine_catalogue_notify();
--> statement-breakpoint
CREATE TRIGGER videos_catalogue_notify_update
  AFTER UPDATE OF id, title, description, thumbnail, backdrop, year, language, duration, type, maturity,
    total_seasons, total_episodes, video_url, created_at
  ON videos FOR EACH STATEMENT EXECUTE FUNCTION bobine_catalogue_notify();
--> statement-breakpoint
CREATE TRIGGER categories_catalogue_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON categories
  FOR EACH STATEMENT EXECUTE FUNCTION bobine_catalogue_notify();
--> statement-breakpoint
CREATE TRIGGER video_categories_catalogue_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON video_categories
  FOR EACH STATEMENT EXECUTE FUNCTION bobine_catalogue_notify();
--> statement-breakpoint
CREATE TRIGGER episodes_catalogue_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON episodes
  FOR EACH STATEMENT EXECUTE FUNCTION bobine_catalogue_notify();
