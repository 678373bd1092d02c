-- « Renouvellement automatique » (spec §9 billing preferences) now decides whether a monthly
-- subscription by card or PayPal renews (decision 066). Until now it decided nothing and every such
-- subscription renewed: the new default keeps that, and every stored row is set to what members
-- actually had, so that nobody's next subscription changes until they turn the switch off.
ALTER TABLE "billing_settings" ALTER COLUMN "card_auto_renew" SET DEFAULT true;--> statement-breakpoint
ALTER TABLE "billing_settings" ALTER COLUMN "paypal_auto_renew" SET DEFAULT true;--> statement-breakpoint
UPDATE "billing_settings" SET "card_auto_renew" = true, "paypal_auto_renew" = true;
