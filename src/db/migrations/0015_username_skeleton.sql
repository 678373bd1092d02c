-- A username's confusable skeleton (Unicode TR39 idea): compatibility forms folded (NFKD: fullwidth
-- letters, the Kelvin sign, mathematical letters), then the Cyrillic, Greek and Latin letters and
-- the digits that look like another Latin letter mapped to it (before lower-casing, so capitals that
-- look alike match too), then lower case. Accents stay: « zoé » and « zoe » differ.
CREATE OR REPLACE FUNCTION username_skeleton(name text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ select lower(translate(normalize(name, NFKD), 'АВСЕНІЈКМОРЅТХУҮԚԜӀԌасеһіјорѕхуүԁԛԝӏгкԍьΑΒΕΖΗΙΚΜΝΟΡΤΥΧϹͿαικνορυχγϲϳıȷɑɡɩʏ01I', 'ABCEHlJKMOPSTXYYQWlGacehijopsxyydqwlrkgbABEZHlKMNOPTYXCJaikvopuxycjijagiyOll')) $$;--> statement-breakpoint
DROP INDEX "signup_requests_email_uq";--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "username_skeleton" text GENERATED ALWAYS AS (username_skeleton("profiles"."username")) STORED;--> statement-breakpoint
-- Look-alike names already there: the oldest keeps its name, the others get a suffix of their id.
UPDATE "profiles" AS "p" SET "username" = left("p"."username", 23) || '-' || left(replace("p"."id"::text, '-', ''), 6)
WHERE EXISTS (
  SELECT 1 FROM "profiles" AS "q"
  WHERE "q"."username_skeleton" = "p"."username_skeleton" AND ("q"."created_at", "q"."id") < ("p"."created_at", "p"."id")
);--> statement-breakpoint
CREATE UNIQUE INDEX "profiles_username_skeleton_uq" ON "profiles" USING btree ("username_skeleton");--> statement-breakpoint
CREATE UNIQUE INDEX "signup_requests_email_browser_uq" ON "signup_requests" USING btree ("email","browser_hash");
