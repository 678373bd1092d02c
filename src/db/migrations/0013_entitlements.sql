CREATE TABLE "entitlements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"plan_id" uuid NOT NULL,
	"source" text NOT NULL,
	"starts_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ends_at" timestamp with time zone,
	"granted_by" uuid,
	"provider_ref" text,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "entitlements_source_ck" CHECK ("entitlements"."source" in ('stripe', 'paypal', 'paysafecard', 'btcpay', 'crypto', 'gift', 'demo')),
	CONSTRAINT "entitlements_period_ck" CHECK ("entitlements"."ends_at" is null or "entitlements"."ends_at" > "entitlements"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "entitlements" ADD CONSTRAINT "entitlements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entitlements" ADD CONSTRAINT "entitlements_plan_id_subscription_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."subscription_plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entitlements" ADD CONSTRAINT "entitlements_granted_by_users_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "entitlements_user_ends_idx" ON "entitlements" USING btree ("user_id","ends_at" desc nulls first);--> statement-breakpoint
CREATE UNIQUE INDEX "entitlements_source_ref_uq" ON "entitlements" USING btree ("source","provider_ref") WHERE "entitlements"."provider_ref" is not null;--> statement-breakpoint
-- Existing subscriptions become the entitlements they granted (docs/decisions/012-entitlements.md):
-- a canceled one was access taken back; an expired one keeps its past end.
INSERT INTO "entitlements" ("user_id", "plan_id", "source", "starts_at", "ends_at", "revoked_at", "created_at")
SELECT s."user_id", s."plan_id",
  CASE s."payment_method" WHEN 'card' THEN 'stripe' WHEN 'paypal' THEN 'paypal'
    WHEN 'paysafecard' THEN 'paysafecard' WHEN 'crypto' THEN 'crypto' ELSE 'gift' END,
  least(s."created_at", coalesce(s."current_period_end", s."created_at") - interval '1 second'),
  s."current_period_end",
  CASE WHEN s."status" = 'canceled' THEN s."updated_at" END,
  s."created_at"
FROM "subscriptions" s
WHERE s."status" in ('active', 'canceled', 'expired');
