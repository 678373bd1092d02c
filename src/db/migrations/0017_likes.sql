CREATE TABLE "likes" (
	"user_id" uuid NOT NULL,
	"video_id" uuid NOT NULL,
	"liked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "likes_user_id_video_id_pk" PRIMARY KEY("user_id","video_id")
);
--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "likes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "likes" ADD CONSTRAINT "likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "likes" ADD CONSTRAINT "likes_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "likes_user_liked_idx" ON "likes" USING btree ("user_id","liked_at" desc);--> statement-breakpoint
CREATE INDEX "likes_video_idx" ON "likes" USING btree ("video_id");--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_likes_ck" CHECK ("videos"."likes" >= 0);--> statement-breakpoint
-- docs/decisions/040-likes-are-their-own-mark.md: « J'aime » is its own mark, never a rating.
-- videos.likes follows the likes table for every writer (the service, « Effacer toutes mes
-- données », a cascaded account or video deletion), as rating_sum/total_ratings follow ratings
-- (decision 002): the UPDATE takes the video's row lock, so concurrent likes stay exact. The
-- column is not in videos_catalogue_notify_update's column list (migration 0006): a like does not
-- empty the catalogue caches. Today's 5/5 ratings made by the old « J'aime » cannot be told apart
-- from star ratings (same endpoint, no marker): they stay ratings, and no like is made from them.
CREATE FUNCTION bobine_likes_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE videos SET likes = likes + 1 WHERE id = NEW.video_id;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE videos SET likes = likes - 1 WHERE id = OLD.video_id;
  ELSIF NEW.video_id <> OLD.video_id THEN
    UPDATE videos SET likes = likes - 1 WHERE id = OLD.video_id;
    UPDATE videos SET likes = likes + 1 WHERE id = NEW.video_id;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER likes_count AFTER INSERT OR UPDATE OR DELETE ON likes
  FOR EACH ROW EXECUTE FUNCTION bobine_likes_count();
