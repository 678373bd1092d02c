-- The nonce of the device's newest ticket: a late release of an older ticket (the previous
-- episode's, or the one a renewal replaced) leaves the lease to the newer one.
ALTER TABLE "stream_leases" ADD COLUMN "ticket_id" text;
