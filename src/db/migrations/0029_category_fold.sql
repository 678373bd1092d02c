-- A search measures every candidate's categories by their folded names, and its category branch
-- matches the query's words against them: both folded every category's name again on every
-- search (bobine_fold, 30 names, about a millisecond of each search). Folded once, when a name is
-- written, as the titles are (0007_search_speed); outside the Drizzle schema, like those.
ALTER TABLE "categories"
  ADD COLUMN "name_fold" text GENERATED ALWAYS AS (bobine_fold("name")) STORED,
  ADD COLUMN "name_compact" text GENERATED ALWAYS AS (bobine_fold_compact("name")) STORED;
