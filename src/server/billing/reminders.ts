import { z } from "zod";
import { billingMessages } from "#contract/billing";
import type { DomainWorkers, WorkerContext } from "../shared/context.ts";
import { jobQueue } from "../shared/jobs.ts";
import { notifyMember } from "../shared/member-notifications.queries.ts";
import { expiryReminderMail, parisDate } from "./billing.mails.ts";
import { claimDueReminders } from "./payments.queries.ts";
import { openProviders, reconcileAgreements, stopRenewal, stopRenewalQueue } from "./payments.service.ts";

/**
 * spec §9 reminders (decision 041): an e-mail and a notification N days before the member's access
 * ends (N = their reminder setting: 1, 2, 3 or 7; 2 by default), once per period — the period is
 * claimed in the same transaction as the notification, so a second run, or a run in another
 * process, reminds nobody twice. A renewal that is running is not an end.
 */
export async function runExpiryReminders(
  ctx: Pick<WorkerContext, "db" | "mailer" | "config">,
  at = new Date(),
) {
  const due = await ctx.db.transaction(async (tx) => {
    const rows = await claimDueReminders(tx, at);
    for (const r of rows) {
      await notifyMember(tx, r.user_id, {
        title: billingMessages.reminderTitle,
        message: billingMessages.reminderMessage(r.plan_name, parisDate(new Date(r.ends_at))),
      });
    }
    return rows;
  });
  for (const r of due)
    ctx.mailer.sendLater(expiryReminderMail(ctx.config, r.email, r.plan_name, new Date(r.ends_at)));
  return due.length;
}

/** Daily at 09:00 Paris, once for all processes (docs/decisions/011-jobs.md). */
export const expiryRemindersQueue = jobQueue({
  name: "billing-expiry-reminders",
  data: z.object({}),
  retryLimit: 3,
  expireInSeconds: 10 * 60,
});

/** Daily at 04:30 Paris: running agreements compared with their providers (reconcileAgreements). */
export const reconciliationQueue = jobQueue({
  name: "billing-reconciliation",
  data: z.object({}),
  retryLimit: 2,
  expireInSeconds: 30 * 60,
});

export const billingWorkers: DomainWorkers = async (ctx) => {
  await ctx.jobs.work(expiryRemindersQueue, async () => {
    await runExpiryReminders(ctx);
  });
  await ctx.jobs.schedule(expiryRemindersQueue, "0 9 * * *", {});
  const providers = openProviders(ctx.db, ctx.config);
  await ctx.jobs.work(reconciliationQueue, async () => {
    await reconcileAgreements(ctx, providers);
  });
  await ctx.jobs.schedule(reconciliationQueue, "30 4 * * *", {});
  await ctx.jobs.work(stopRenewalQueue, async (data, job) => {
    try {
      await stopRenewal(ctx, providers, data);
    } catch (err) {
      // Each failed attempt is logged by the queue; the last one leaves the subscription renewing.
      if (job.retryCount >= (stopRenewalQueue.retryLimit ?? 3)) {
        ctx.log.error({ err, ...data }, "auto-renew off: the provider never stopped the renewal; it renews");
      }
      throw err;
    }
  });
};
