CREATE TABLE "favorites" (
	"user_id" uuid NOT NULL,
	"video_id" uuid NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favorites_user_id_video_id_pk" PRIMARY KEY("user_id","video_id")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"is_read" boolean DEFAULT false NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ratings" (
	"user_id" uuid NOT NULL,
	"video_id" uuid NOT NULL,
	"rating" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ratings_user_id_video_id_pk" PRIMARY KEY("user_id","video_id"),
	CONSTRAINT "ratings_rating_ck" CHECK ("ratings"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "user_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"notifications" boolean DEFAULT true NOT NULL,
	"autoplay" boolean DEFAULT true NOT NULL,
	"quality" text DEFAULT 'auto' NOT NULL,
	"language" text DEFAULT 'fr' NOT NULL,
	"subtitles" boolean DEFAULT true NOT NULL,
	"maturity" text DEFAULT 'all' NOT NULL,
	"volume" real DEFAULT 0.8 NOT NULL,
	"theme" text DEFAULT 'dark' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_settings_quality_ck" CHECK ("user_settings"."quality" in ('auto', 'low', 'medium', 'high', 'ultra')),
	CONSTRAINT "user_settings_language_ck" CHECK ("user_settings"."language" in ('fr', 'en', 'es', 'de', 'it')),
	CONSTRAINT "user_settings_maturity_ck" CHECK ("user_settings"."maturity" in ('all', 'teen', 'mature')),
	CONSTRAINT "user_settings_theme_ck" CHECK ("user_settings"."theme" in ('dark', 'light', 'system')),
	CONSTRAINT "user_settings_volume_ck" CHECK ("user_settings"."volume" >= 0 and "user_settings"."volume" <= 1)
);
--> statement-breakpoint
CREATE TABLE "watch_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"video_id" uuid NOT NULL,
	"episode_id" uuid,
	"progress" real DEFAULT 0 NOT NULL,
	"current_position" double precision DEFAULT 0 NOT NULL,
	"total_duration" double precision DEFAULT 0 NOT NULL,
	"watched_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "watch_history_user_video_episode_uq" UNIQUE NULLS NOT DISTINCT("user_id","video_id","episode_id"),
	CONSTRAINT "watch_history_progress_ck" CHECK ("watch_history"."progress" >= 0 and "watch_history"."progress" <= 1),
	CONSTRAINT "watch_history_position_ck" CHECK ("watch_history"."current_position" >= 0 and "watch_history"."total_duration" >= 0)
);
--> statement-breakpoint
CREATE TABLE "accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"provider_id" text NOT NULL,
	"account_id" text NOT NULL,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"id" uuid PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"avatar" text,
	"role" text DEFAULT 'membre' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profiles_role_ck" CHECK ("profiles"."role" in ('membre', 'user', 'admin')),
	CONSTRAINT "profiles_username_len_ck" CHECK (char_length("profiles"."username") between 1 and 64)
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"absolute_expires_at" timestamp with time zone NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"purpose" text NOT NULL,
	"identifier" text NOT NULL,
	"value_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "verifications_purpose_ck" CHECK ("verifications"."purpose" in ('email_code', 'password_reset')),
	CONSTRAINT "verifications_attempts_ck" CHECK ("verifications"."attempts" >= 0)
);
--> statement-breakpoint
CREATE TABLE "billing_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"preferred_method" text DEFAULT 'card' NOT NULL,
	"card_auto_renew" boolean DEFAULT false NOT NULL,
	"paypal_auto_renew" boolean DEFAULT false NOT NULL,
	"notify_before_days" integer DEFAULT 2 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_settings_method_ck" CHECK ("billing_settings"."preferred_method" in ('card', 'paypal', 'paysafecard')),
	CONSTRAINT "billing_settings_notify_ck" CHECK ("billing_settings"."notify_before_days" in (1, 2, 3, 7))
);
--> statement-breakpoint
CREATE TABLE "gift_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"plan_code" text DEFAULT 'essentiel' NOT NULL,
	"duration_months" integer DEFAULT 1 NOT NULL,
	"given_by" uuid,
	"subscription_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_subscriptions_plan_ck" CHECK ("gift_subscriptions"."plan_code" in ('essentiel', 'premium', 'lifetime')),
	CONSTRAINT "gift_subscriptions_duration_ck" CHECK ("gift_subscriptions"."duration_months" between 1 and 24)
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"plan_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"subscription_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_status_ck" CHECK ("payments"."status" in ('pending', 'paid', 'failed', 'refunded')),
	CONSTRAINT "payments_amount_ck" CHECK ("payments"."amount_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "subscribers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"email" text NOT NULL,
	"subscribed" boolean DEFAULT false NOT NULL,
	"subscription_tier" text,
	"subscription_end" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"price_cents" integer NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"interval" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"max_streams" integer DEFAULT 1 NOT NULL,
	"max_quality" text DEFAULT 'high' NOT NULL,
	"badge" text,
	"features" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_plans_code_unique" UNIQUE("code"),
	CONSTRAINT "subscription_plans_interval_ck" CHECK ("subscription_plans"."interval" in ('month', 'lifetime', 'other')),
	CONSTRAINT "subscription_plans_price_ck" CHECK ("subscription_plans"."price_cents" >= 0),
	CONSTRAINT "subscription_plans_streams_ck" CHECK ("subscription_plans"."max_streams" between 1 and 20),
	CONSTRAINT "subscription_plans_currency_ck" CHECK ("subscription_plans"."currency" ~ '^[A-Z]{3}$')
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"plan_id" uuid NOT NULL,
	"status" text NOT NULL,
	"payment_method" text,
	"current_period_end" timestamp with time zone,
	"auto_renew" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_status_ck" CHECK ("subscriptions"."status" in ('pending', 'active', 'canceled', 'expired')),
	CONSTRAINT "subscriptions_payment_method_ck" CHECK ("subscriptions"."payment_method" is null or "subscriptions"."payment_method" in ('paypal', 'paysafecard', 'crypto', 'card', 'gift'))
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"color" text DEFAULT '#e74c3c' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "categories_color_ck" CHECK ("categories"."color" ~ '^#[0-9A-Fa-f]{6}$')
);
--> statement-breakpoint
CREATE TABLE "episodes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"series_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"thumbnail" text,
	"duration" text DEFAULT '45min' NOT NULL,
	"episode_number" integer NOT NULL,
	"season_number" integer NOT NULL,
	"video_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "episodes_series_season_episode_uq" UNIQUE("series_id","season_number","episode_number"),
	CONSTRAINT "episodes_numbers_ck" CHECK ("episodes"."episode_number" >= 1 and "episodes"."season_number" >= 1)
);
--> statement-breakpoint
CREATE TABLE "subtitles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"video_id" uuid NOT NULL,
	"episode_id" uuid,
	"language" text NOT NULL,
	"language_name" text NOT NULL,
	"subtitle_url" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "video_categories" (
	"video_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "video_categories_video_id_category_id_pk" PRIMARY KEY("video_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "videos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"thumbnail" text,
	"backdrop" text,
	"year" integer NOT NULL,
	"language" text DEFAULT 'Français' NOT NULL,
	"duration" text DEFAULT '' NOT NULL,
	"type" text NOT NULL,
	"maturity" text DEFAULT 'all' NOT NULL,
	"views" bigint DEFAULT 0 NOT NULL,
	"rating_sum" bigint DEFAULT 0 NOT NULL,
	"total_ratings" integer DEFAULT 0 NOT NULL,
	"average_rating" double precision GENERATED ALWAYS AS (case when total_ratings = 0 then 0 else round(rating_sum::numeric / total_ratings, 2)::double precision end) STORED NOT NULL,
	"total_seasons" integer DEFAULT 1 NOT NULL,
	"total_episodes" integer DEFAULT 0 NOT NULL,
	"video_url" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "videos_type_ck" CHECK ("videos"."type" in ('movie', 'series')),
	CONSTRAINT "videos_maturity_ck" CHECK ("videos"."maturity" in ('all', 'teen', 'mature')),
	CONSTRAINT "videos_year_ck" CHECK ("videos"."year" between 1888 and 2200),
	CONSTRAINT "videos_counts_ck" CHECK ("videos"."views" >= 0 and "videos"."total_ratings" >= 0 and "videos"."rating_sum" >= 0),
	CONSTRAINT "videos_seasons_ck" CHECK ("videos"."total_seasons" >= 1 and "videos"."total_episodes" >= 0)
);
--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_settings" ADD CONSTRAINT "user_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_history" ADD CONSTRAINT "watch_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_history" ADD CONSTRAINT "watch_history_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_history" ADD CONSTRAINT "watch_history_episode_id_episodes_id_fk" FOREIGN KEY ("episode_id") REFERENCES "public"."episodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_id_users_id_fk" FOREIGN KEY ("id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_settings" ADD CONSTRAINT "billing_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_subscriptions" ADD CONSTRAINT "gift_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_subscriptions" ADD CONSTRAINT "gift_subscriptions_given_by_users_id_fk" FOREIGN KEY ("given_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_subscriptions" ADD CONSTRAINT "gift_subscriptions_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_plan_id_subscription_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."subscription_plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscribers" ADD CONSTRAINT "subscribers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_plan_id_subscription_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."subscription_plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "episodes" ADD CONSTRAINT "episodes_series_id_videos_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subtitles" ADD CONSTRAINT "subtitles_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subtitles" ADD CONSTRAINT "subtitles_episode_id_episodes_id_fk" FOREIGN KEY ("episode_id") REFERENCES "public"."episodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_categories" ADD CONSTRAINT "video_categories_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_categories" ADD CONSTRAINT "video_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "favorites_user_added_idx" ON "favorites" USING btree ("user_id","added_at" desc);--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at" desc);--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id") WHERE not "notifications"."is_read";--> statement-breakpoint
CREATE INDEX "ratings_video_id_index" ON "ratings" USING btree ("video_id");--> statement-breakpoint
CREATE INDEX "watch_history_user_watched_idx" ON "watch_history" USING btree ("user_id","watched_at" desc);--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_provider_account_uq" ON "accounts" USING btree ("provider_id","account_id");--> statement-breakpoint
CREATE INDEX "accounts_user_id_index" ON "accounts" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "profiles_username_lower_uq" ON "profiles" USING btree (lower("username"));--> statement-breakpoint
CREATE INDEX "profiles_created_at_index" ON "profiles" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "sessions_user_id_index" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_at_index" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_uq" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "verifications_purpose_identifier_index" ON "verifications" USING btree ("purpose","identifier");--> statement-breakpoint
CREATE INDEX "gift_subscriptions_user_id_index" ON "gift_subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_ref_uq" ON "payments" USING btree ("provider","provider_ref");--> statement-breakpoint
CREATE INDEX "payments_user_created_idx" ON "payments" USING btree ("user_id","created_at" desc);--> statement-breakpoint
CREATE UNIQUE INDEX "subscribers_user_uq" ON "subscribers" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscribers_email_lower_uq" ON "subscribers" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "subscriptions_user_status_created_idx" ON "subscriptions" USING btree ("user_id","status","created_at" desc);--> statement-breakpoint
CREATE UNIQUE INDEX "categories_name_lower_uq" ON "categories" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "subtitles_video_id_episode_id_index" ON "subtitles" USING btree ("video_id","episode_id");--> statement-breakpoint
CREATE INDEX "video_categories_category_id_video_id_index" ON "video_categories" USING btree ("category_id","video_id");--> statement-breakpoint
CREATE INDEX "videos_created_at_idx" ON "videos" USING btree ("created_at" desc);--> statement-breakpoint
CREATE INDEX "videos_views_idx" ON "videos" USING btree ("views" desc);--> statement-breakpoint
CREATE INDEX "videos_average_rating_idx" ON "videos" USING btree ("average_rating" desc);--> statement-breakpoint
CREATE INDEX "videos_year_idx" ON "videos" USING btree ("year" desc);--> statement-breakpoint
CREATE INDEX "videos_type_views_idx" ON "videos" USING btree ("type","views" desc);