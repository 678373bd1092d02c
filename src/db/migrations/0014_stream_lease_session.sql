ALTER TABLE "stream_leases" ADD COLUMN "session_id" uuid;--> statement-breakpoint
ALTER TABLE "stream_leases" ADD CONSTRAINT "stream_leases_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stream_leases_session_idx" ON "stream_leases" USING btree ("session_id");--> statement-breakpoint
-- docs/decisions/006-stream.md, SECURITY-CHECKLIST 24: every server process trusts its last check of
-- a ticket for a few seconds (STREAM_RECHECK_SECONDS); whatever ends a member's stream announces it
-- on channel bobine_stream (payload: the member's id, sent at commit) so that every process forgets
-- that member's checks at once: a lease released or cut short, a lease whose client was reset by a
-- new ticket, a lease deleted (sign-out deletes the session, which deletes its leases), and any
-- change of an entitlement (revoked, shortened). Heartbeats only push expires_at forward: silent.
CREATE FUNCTION bobine_stream_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('bobine_stream', OLD.user_id::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER stream_leases_stream_notify_update AFTER UPDATE ON stream_leases FOR EACH ROW
  WHEN (NEW.expires_at < OLD.expires_at
    OR (OLD.client_key IS NOT NULL AND NEW.client_key IS DISTINCT FROM OLD.client_key)
    OR NEW.session_id IS DISTINCT FROM OLD.session_id
    OR NEW.user_id IS DISTINCT FROM OLD.user_id)
  EXECUTE FUNCTION bobine_stream_notify();
--> statement-breakpoint
CREATE TRIGGER stream_leases_stream_notify_delete AFTER DELETE ON stream_leases FOR EACH ROW
  EXECUTE FUNCTION bobine_stream_notify();
--> statement-breakpoint
CREATE TRIGGER entitlements_stream_notify AFTER UPDATE OR DELETE ON entitlements FOR EACH ROW
  EXECUTE FUNCTION bobine_stream_notify();
