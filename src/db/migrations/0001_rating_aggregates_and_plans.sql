-- docs/decisions/002-rating-aggregates.md: videos.rating_sum / total_ratings follow the ratings
-- table for every writer (service, erase-my-data, cascaded account deletion). The UPDATE takes the
-- video's row lock, so concurrent ratings stay exact.
CREATE FUNCTION bobine_ratings_aggregate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE videos SET rating_sum = rating_sum + NEW.rating, total_ratings = total_ratings + 1 WHERE id = NEW.video_id;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE videos SET rating_sum = rating_sum - OLD.rating, total_ratings = total_ratings - 1 WHERE id = OLD.video_id;
  ELSIF NEW.video_id = OLD.video_id THEN
    UPDATE videos SET rating_sum = rating_sum - OLD.rating + NEW.rating WHERE id = NEW.video_id;
  ELSE
    UPDATE videos SET rating_sum = rating_sum - OLD.rating, total_ratings = total_ratings - 1 WHERE id = OLD.video_id;
    UPDATE videos SET rating_sum = rating_sum + NEW.rating, total_ratings = total_ratings + 1 WHERE id = NEW.video_id;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ratings_aggregate AFTER INSERT OR UPDATE OR DELETE ON ratings
  FOR EACH ROW EXECUTE FUNCTION bobine_ratings_aggregate();
--> statement-breakpoint
-- spec §9 plan features; prices are ours (the spec does not give them) and operators may edit them.
INSERT INTO subscription_plans (code, name, price_cents, currency, interval, is_active, max_streams, max_quality, badge, features) VALUES
  ('basic_monthly', 'Essentiel', 799, 'EUR', 'month', true, 1, 'medium', NULL,
   '["Accès à tout le catalogue", "Streaming HD", "Support 24/7", "Avec publicités", "1 écran à la fois", "Qualité 720p"]'),
  ('premium_monthly', 'Premium', 1399, 'EUR', 'month', true, 3, 'ultra', 'Populaire',
   '["Accès à tout le catalogue", "Streaming HD", "Support 24/7", "Sans publicité", "3 écrans à la fois", "Qualité 4K", "Téléchargements hors ligne"]'),
  ('lifetime', 'À vie', 19900, 'EUR', 'lifetime', true, 5, 'ultra', 'Meilleure offre',
   '["Accès à tout le catalogue", "Streaming HD", "Support 24/7", "Paiement unique", "Sans publicité", "5 écrans à la fois", "Qualité 4K", "Accès prioritaire aux nouveautés", "Badge VIP"]');
