-- The Explorer's number of results by language (issue 14): `select count(*) from (… limit 1001)`
-- with a language filter read the whole table (44,000 rows for a rare language at 100,000 videos,
-- 25 ms); this index answers it alone, the other filtered columns INCLUDEd (0.3 ms).
CREATE INDEX "videos_language_type_idx" ON "videos" USING btree ("language","type")
  INCLUDE ("published", "year", "average_rating", "maturity", "category_ids");
