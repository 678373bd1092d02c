ALTER TABLE "watch_history" ALTER COLUMN "progress" SET DATA TYPE double precision;--> statement-breakpoint
ALTER TABLE "watch_history" ADD COLUMN "client_saved_at" bigint DEFAULT 0 NOT NULL;