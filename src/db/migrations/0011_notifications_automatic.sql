-- French typography: the texts below hold non-breaking spaces (U+00A0) around « » and before : !
-- Notifications the product sends on its own (decision 008), written by triggers so that every writer
-- (the API, the admin CLI, the demo seed, a script on the database) sends them, in the writer's
-- transaction. Like notification.service.ts, each ends with pg_notify('bobine_notifications', <user
-- id>) so that the member's open tabs hear of it at commit, in whichever server process they are.
--
-- 1. A new episode of a series in the member's list (« Ma liste »): one notification per member
--    and series per statement (a season added at once is one notification, not ten).
CREATE FUNCTION bobine_notify_new_episodes() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  recipients uuid[];
  recipient uuid;
BEGIN
  WITH added AS (
    SELECT series_id,
      count(*) AS n,
      (array_agg(season_number ORDER BY season_number, episode_number))[1] AS season,
      (array_agg(episode_number ORDER BY season_number, episode_number))[1] AS episode,
      (array_agg(title ORDER BY season_number, episode_number))[1] AS episode_title
    FROM new_episodes
    GROUP BY series_id
  ), inserted AS (
    INSERT INTO notifications (user_id, title, message)
    SELECT f.user_id,
      CASE WHEN a.n = 1 THEN 'Nouvel épisode' ELSE 'Nouveaux épisodes' END,
      CASE WHEN a.n = 1
        THEN format('« %s » : l''épisode %s de la saison %s, « %s », est disponible.',
          v.title, a.episode, a.season, a.episode_title)
        ELSE format('« %s » : %s nouveaux épisodes sont disponibles.', v.title, a.n)
      END
    FROM added a
    JOIN videos v ON v.id = a.series_id
    JOIN favorites f ON f.video_id = a.series_id
    RETURNING user_id
  )
  SELECT array_agg(DISTINCT user_id) INTO recipients FROM inserted;
  IF recipients IS NULL THEN
    RETURN NULL;
  END IF;
  -- Past a few hundred members one message tells every process to refresh all its open streams.
  IF cardinality(recipients) > 200 THEN
    PERFORM pg_notify('bobine_notifications', '*');
  ELSE
    FOREACH recipient IN ARRAY recipients LOOP
      PERFORM pg_notify('bobine_notifications', recipient::text);
    END LOOP;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER episodes_notify_members AFTER INSERT ON episodes
  REFERENCING NEW TABLE AS new_episodes
  FOR EACH STATEMENT EXECUTE FUNCTION bobine_notify_new_episodes();
--> statement-breakpoint
-- 2. Welcome, when an account gets its first credentials (sign-up verified, admin CLI, demo seed).
--    Members made without credentials (tests' factories, bulk benchmark data) get none.
CREATE FUNCTION bobine_notify_welcome() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  recipient uuid;
BEGIN
  FOR recipient IN
    INSERT INTO notifications (user_id, title, message)
    SELECT DISTINCT n.user_id,
      'Bienvenue !',
      'Votre compte est prêt. Ajoutez des séries à « Ma liste » : vous serez prévenu ici de leurs nouveaux épisodes.'
    FROM new_accounts n
    WHERE NOT EXISTS (
      SELECT 1 FROM accounts a
      WHERE a.user_id = n.user_id AND a.id NOT IN (SELECT id FROM new_accounts)
    )
    RETURNING user_id
  LOOP
    PERFORM pg_notify('bobine_notifications', recipient::text);
  END LOOP;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER accounts_notify_welcome AFTER INSERT ON accounts
  REFERENCING NEW TABLE AS new_accounts
  FOR EACH STATEMENT EXECUTE FUNCTION bobine_notify_welcome();
