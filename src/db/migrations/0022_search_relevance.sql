-- Search relevance (decision 048 « Search that a Meilisearch user would not miss »;
-- docs/decisions/048-search-relevance.md) and dialogue search (docs/decisions/050-dialogue-search.md).
-- Only what the migrations already use: pg_trgm and unaccent (0003), plpgsql triggers (0007).
--
-- 1. The words of a folded text: bobine_fold's tokens with the punctuation that sticks to them
--    (« polar. », « (1) », « ! ») cut off at both ends. Inner characters stay (« a_b », « 100% »,
--    « c:\films »). Used by the vocabulary triggers; search.queries.ts cuts query words the same way
--    (SEARCH_PUNCTUATION there must list the same characters).
CREATE FUNCTION bobine_words(text) RETURNS SETOF text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT w FROM (
    SELECT btrim(t, '.,;:!?…«»"“”()[]{}¿¡*/') AS w FROM unnest(string_to_array(bobine_fold($1), ' ')) t
  ) words WHERE length(w) >= 2
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bobine_search_words_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
    SELECT DISTINCT w FROM (SELECT bobine_words(title) AS w FROM new_rows) words
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bobine_search_words_edit() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word) SELECT DISTINCT bobine_words(NEW.title) ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Category names join the vocabulary (a typo in « comedie » finds the comedies).
CREATE FUNCTION bobine_search_words_category() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word) SELECT DISTINCT bobine_words(NEW.name) ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER categories_search_words AFTER INSERT OR UPDATE OF name ON categories
  FOR EACH ROW EXECUTE FUNCTION bobine_search_words_category();
--> statement-breakpoint
-- 2. Typo candidates by deletion (the SymSpell idea): every vocabulary word of 4 letters or more
--    is stored once per letter left out. Two words one edit apart (a letter changed, added, removed,
--    or two neighbours swapped) share a key: the query side looks its own deletions up with an
--    index, and the exact distance (optimal string alignment) is then checked in JavaScript.
CREATE TABLE search_word_deletes (
  del text NOT NULL,
  word text NOT NULL REFERENCES search_words (word) ON DELETE CASCADE,
  PRIMARY KEY (del, word)
);
--> statement-breakpoint
CREATE INDEX search_word_deletes_word_idx ON search_word_deletes (word);
--> statement-breakpoint
CREATE FUNCTION bobine_search_word_deletes_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF length(NEW.word) >= 4 THEN
    INSERT INTO search_word_deletes (del, word)
      SELECT DISTINCT left(NEW.word, i - 1) || substr(NEW.word, i + 1), NEW.word
      FROM generate_series(1, length(NEW.word)) i
      ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER search_words_deletes AFTER INSERT ON search_words
  FOR EACH ROW EXECUTE FUNCTION bobine_search_word_deletes_add();
--> statement-breakpoint
-- The vocabulary again, with punctuation cut off and category names (existing rows stay: a word
-- that matches nothing only finds nothing).
INSERT INTO search_words (word)
  SELECT DISTINCT w FROM (
    SELECT bobine_words(title) AS w FROM videos
    UNION ALL SELECT bobine_words(title) FROM episodes
    UNION ALL SELECT bobine_words(name) FROM categories
  ) words
  ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO search_word_deletes (del, word)
  SELECT DISTINCT left(s.word, i - 1) || substr(s.word, i + 1), s.word
  FROM search_words s, generate_series(1, length(s.word)) i
  WHERE length(s.word) >= 4
  ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- 3. Dialogue search: the cues of every subtitle track, written with the track
--    (src/server/shared/dialogue.queries.ts) and gone with it. `text` is the line's words
--    (plainCueText), `text_fold` its folding, searched through a trigram index.
CREATE TABLE subtitle_cues (
  subtitle_id uuid NOT NULL REFERENCES subtitles (id) ON DELETE CASCADE,
  position integer NOT NULL,
  video_id uuid NOT NULL REFERENCES videos (id) ON DELETE CASCADE,
  episode_id uuid REFERENCES episodes (id) ON DELETE CASCADE,
  start_ms integer NOT NULL,
  text text NOT NULL,
  text_fold text GENERATED ALWAYS AS (bobine_fold(text)) STORED,
  PRIMARY KEY (subtitle_id, position)
);
--> statement-breakpoint
CREATE INDEX subtitle_cues_text_fold_trgm_idx ON subtitle_cues USING gin (text_fold gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX subtitle_cues_video_idx ON subtitle_cues (video_id);
