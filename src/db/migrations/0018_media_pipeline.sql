CREATE TABLE "media_assets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"video_id" uuid NOT NULL,
	"episode_id" uuid,
	"target_id" uuid NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"error" text,
	"source_key" text,
	"source_bytes" bigint DEFAULT 0 NOT NULL,
	"probe" jsonb,
	"tasks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"playable" boolean DEFAULT false NOT NULL,
	"poster_key" text,
	"trickplay" jsonb,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_assets_target_id_unique" UNIQUE("target_id"),
	CONSTRAINT "media_assets_status_ck" CHECK ("media_assets"."status" in ('queued', 'transcoding', 'ready', 'failed')),
	CONSTRAINT "media_assets_progress_ck" CHECK ("media_assets"."progress" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "media_trash" (
	"target_id" uuid PRIMARY KEY NOT NULL,
	"poster_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media_uploads" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"video_id" uuid NOT NULL,
	"episode_id" uuid,
	"size" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "media_assets" ADD CONSTRAINT "media_assets_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_assets" ADD CONSTRAINT "media_assets_episode_id_episodes_id_fk" FOREIGN KEY ("episode_id") REFERENCES "public"."episodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_assets" ADD CONSTRAINT "media_assets_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_uploads" ADD CONSTRAINT "media_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_uploads" ADD CONSTRAINT "media_uploads_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_uploads" ADD CONSTRAINT "media_uploads_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_uploads" ADD CONSTRAINT "media_uploads_episode_id_episodes_id_fk" FOREIGN KEY ("episode_id") REFERENCES "public"."episodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_assets_video_id_index" ON "media_assets" USING btree ("video_id");--> statement-breakpoint
CREATE INDEX "media_uploads_session_id_index" ON "media_uploads" USING btree ("session_id");--> statement-breakpoint
-- Whatever deletes an asset (its endpoint, or a deleted film or episode by cascade), its files go
-- to the trash the media-sweep job empties (docs/decisions/025-media-pipeline.md).
CREATE FUNCTION bobine_media_trash() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO media_trash (target_id, poster_key) VALUES (OLD.target_id, OLD.poster_key)
    ON CONFLICT (target_id) DO NOTHING;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER media_assets_trash AFTER DELETE ON media_assets
  FOR EACH ROW EXECUTE FUNCTION bobine_media_trash();
