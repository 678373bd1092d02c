-- « Newest first » had no order between two notifications of the same instant (created_at is the
-- transaction's start: two sends in one microsecond, seen once on a CI tier): ties went to the
-- random uuid. An identity column records insertion order and breaks the tie everywhere the list is
-- read (the member's bell, the admin's groups, the data export). Existing rows are numbered in
-- the table's physical order, which is their insertion order but for rows rewritten since.
DROP INDEX "notifications_user_created_idx";--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "seq" bigint NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "notifications_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1);--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at" desc,"seq" desc);