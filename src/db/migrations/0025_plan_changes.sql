-- docs/decisions/053-plan-changes.md: the ledger of monthly plan changes (an upgrade at once with
-- Stripe's proration, a downgrade — or any PayPal change — at the renewal).
CREATE TABLE "plan_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"subscription_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"from_plan_id" uuid NOT NULL,
	"to_plan_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"effective_at" timestamp with time zone,
	"amount_cents" integer,
	"currency" text,
	"payment_id" uuid,
	"approve_url" text,
	"detail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_at" timestamp with time zone,
	CONSTRAINT "plan_changes_kind_ck" CHECK ("plan_changes"."kind" in ('upgrade', 'downgrade')),
	CONSTRAINT "plan_changes_status_ck" CHECK ("plan_changes"."status" in ('requested', 'awaiting_approval', 'scheduled', 'applied', 'canceled', 'failed')),
	CONSTRAINT "plan_changes_amount_ck" CHECK ("plan_changes"."amount_cents" is null or "plan_changes"."amount_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "plan_changes" ADD CONSTRAINT "plan_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_changes" ADD CONSTRAINT "plan_changes_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_changes" ADD CONSTRAINT "plan_changes_from_plan_id_subscription_plans_id_fk" FOREIGN KEY ("from_plan_id") REFERENCES "public"."subscription_plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_changes" ADD CONSTRAINT "plan_changes_to_plan_id_subscription_plans_id_fk" FOREIGN KEY ("to_plan_id") REFERENCES "public"."subscription_plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_changes" ADD CONSTRAINT "plan_changes_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "plan_changes_waiting_uq" ON "plan_changes" USING btree ("subscription_id") WHERE "plan_changes"."status" in ('requested', 'awaiting_approval', 'scheduled');--> statement-breakpoint
CREATE INDEX "plan_changes_created_idx" ON "plan_changes" USING btree ("created_at" desc);