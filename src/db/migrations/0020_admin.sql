CREATE TABLE "admin_audit" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_id" uuid,
	"actor_name" text NOT NULL,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text,
	"target_label" text DEFAULT '' NOT NULL,
	"summary" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "video_plays_daily" (
	"day" date NOT NULL,
	"video_id" uuid NOT NULL,
	"plays" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "video_plays_daily_day_video_id_pk" PRIMARY KEY("day","video_id")
);
--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_audit" ADD CONSTRAINT "admin_audit_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_plays_daily" ADD CONSTRAINT "video_plays_daily_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_audit_created_idx" ON "admin_audit" USING btree ("created_at" desc,"id" desc);--> statement-breakpoint
CREATE INDEX "admin_audit_action_created_idx" ON "admin_audit" USING btree ("action","created_at" desc);--> statement-breakpoint
CREATE INDEX "admin_audit_actor_created_idx" ON "admin_audit" USING btree ("actor_id","created_at" desc);--> statement-breakpoint
CREATE INDEX "video_plays_daily_video_id_index" ON "video_plays_daily" USING btree ("video_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subtitles_one_default_uq" ON "subtitles" USING btree ("video_id",coalesce("episode_id", '00000000-0000-0000-0000-000000000000'::uuid)) WHERE "subtitles"."is_default";--> statement-breakpoint
-- Plays per day for the administrators' statistics (decision 015): each counted view (the stream adds
-- one to videos.views, migration 0005 and stream.queries.ts) is added to the video's row of the
-- day, in Paris time, in the same transaction, whichever path counted it.
CREATE FUNCTION bobine_count_daily_plays() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO video_plays_daily (day, video_id, plays)
  VALUES ((now() AT TIME ZONE 'Europe/Paris')::date, NEW.id, (NEW.views - OLD.views)::int)
  ON CONFLICT (day, video_id) DO UPDATE SET plays = video_plays_daily.plays + EXCLUDED.plays;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER videos_count_daily_plays AFTER UPDATE OF views ON videos
  FOR EACH ROW WHEN (NEW.views > OLD.views) EXECUTE FUNCTION bobine_count_daily_plays();
