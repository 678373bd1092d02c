-- docs/decisions/025-media-pipeline.md (amended): the administration's « En cours » follows the
-- transcoding live through the event stream. Whatever process writes a media asset (an upload
-- accepted, a worker's progress, a retry, a deletion), every server process hears it on channel
-- bobine_media at commit and pings its administrators' streams. Statement-level: one message per
-- statement, and NOTIFY folds identical messages of one transaction.
CREATE FUNCTION bobine_media_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('bobine_media', '');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER media_assets_media_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON media_assets
  FOR EACH STATEMENT EXECUTE FUNCTION bobine_media_notify();
