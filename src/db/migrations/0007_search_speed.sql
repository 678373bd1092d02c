-- Search at 100,000 videos (decision 005 "API and speed"; docs/decisions/005-catalogue-cache.md).
-- 1. The folded titles and descriptions are stored (generated columns) instead of being
--    recomputed by every index recheck: bobine_fold costs about 12 µs a row, which made a broad
--    query ('ete': 33,000 matches) take over a second. The columns are not declared in
--    src/db/schema (Drizzle would then select them with every video): only
--    src/server/catalogue/search.queries.ts reads them.
ALTER TABLE videos
  ADD COLUMN title_fold text GENERATED ALWAYS AS (bobine_fold(title)) STORED,
  ADD COLUMN title_compact text GENERATED ALWAYS AS (bobine_fold_compact(title)) STORED,
  ADD COLUMN description_fold text GENERATED ALWAYS AS (bobine_fold(description)) STORED;
--> statement-breakpoint
ALTER TABLE episodes
  ADD COLUMN title_fold text GENERATED ALWAYS AS (bobine_fold(title)) STORED,
  ADD COLUMN title_compact text GENERATED ALWAYS AS (bobine_fold_compact(title)) STORED;
--> statement-breakpoint
DROP INDEX IF EXISTS videos_title_fold_trgm_idx;
--> statement-breakpoint
DROP INDEX IF EXISTS videos_title_compact_trgm_idx;
--> statement-breakpoint
DROP INDEX IF EXISTS videos_description_fold_trgm_idx;
--> statement-breakpoint
DROP INDEX IF EXISTS episodes_title_fold_trgm_idx;
--> statement-breakpoint
DROP INDEX IF EXISTS episodes_title_compact_trgm_idx;
--> statement-breakpoint
CREATE INDEX videos_title_compact_trgm_idx ON videos USING gin (title_compact gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX videos_description_fold_trgm_idx ON videos USING gin (description_fold gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX episodes_title_compact_trgm_idx ON episodes USING gin (title_compact gin_trgm_ops);
--> statement-breakpoint
-- 2. Typo tolerance through the vocabulary of titles (the pg_trgm documentation's "words table"):
--    a misspelt word is looked up among the distinct folded words of video and episode titles (a
--    few thousand rows), and titles are then matched on the words found. strict_word_similarity
--    over whole titles cost about 24 µs a row and its index returned thousands of candidates for
--    one misspelt word (80 ms at 100,000 videos). Words are added by triggers and never removed:
--    a word whose titles are gone only finds nothing.
CREATE TABLE search_words (word text PRIMARY KEY);
--> statement-breakpoint
CREATE INDEX search_words_trgm_idx ON search_words USING gin (word gin_trgm_ops);
--> statement-breakpoint
INSERT INTO search_words (word)
  SELECT DISTINCT w FROM (
    SELECT unnest(string_to_array(title_fold, ' ')) AS w FROM videos
    UNION ALL
    SELECT unnest(string_to_array(title_fold, ' ')) FROM episodes
  ) words
  WHERE length(w) >= 2
  ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE FUNCTION bobine_search_words_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
    SELECT DISTINCT w FROM (SELECT unnest(string_to_array(bobine_fold(title), ' ')) AS w FROM new_rows) words
    WHERE length(w) >= 2
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER videos_search_words_insert AFTER INSERT ON videos
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bobine_search_words_add();
--> statement-breakpoint
CREATE TRIGGER episodes_search_words_insert AFTER INSERT ON episodes
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bobine_search_words_add();
--> statement-breakpoint
-- Title edits, row by row (a statement trigger with transition tables cannot name columns, and
-- would then run for every change of views or ratings too).
CREATE FUNCTION bobine_search_words_edit() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
    SELECT DISTINCT w FROM unnest(string_to_array(bobine_fold(NEW.title), ' ')) w
    WHERE length(w) >= 2
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER videos_search_words_update AFTER UPDATE OF title ON videos
  FOR EACH ROW WHEN (OLD.title IS DISTINCT FROM NEW.title) EXECUTE FUNCTION bobine_search_words_edit();
--> statement-breakpoint
CREATE TRIGGER episodes_search_words_update AFTER UPDATE OF title ON episodes
  FOR EACH ROW WHEN (OLD.title IS DISTINCT FROM NEW.title) EXECUTE FUNCTION bobine_search_words_edit();
