import { contentWebhookWorkers } from "./admin/content-webhook.ts";
import { billingWorkers } from "./billing/reminders.ts";
import { maintenanceWorkers } from "./maintenance.ts";
import { mediaWorkers } from "./media/media.workers.ts";
import type { DomainWorkers } from "./shared/context.ts";

/**
 * The background work's table of contents (docs/decisions/011-jobs.md), as routes.ts is the API's:
 * each entry works its queues and schedules its recurring jobs. Run by every server when
 * JOBS_IN_PROCESS is true (the default) and by `npm run worker` processes.
 */
export const backgroundWorkers: DomainWorkers[] = [
  maintenanceWorkers,
  mediaWorkers,
  contentWebhookWorkers,
  billingWorkers,
];
