ALTER TABLE "user_settings" ALTER COLUMN "maturity" SET DEFAULT 'mature';--> statement-breakpoint
-- No screen could set the level before this migration: every row holds the old default, which
-- restricted members to « Tous publics » as soon as parental control was enforced (decision 008).
UPDATE "user_settings" SET "maturity" = 'mature' WHERE "maturity" = 'all';
