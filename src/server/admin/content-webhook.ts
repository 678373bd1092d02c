import { OWN_IMAGE_PREFIX } from "#contract/admin-common";
import { type ContentWebhookBody, contentWebhookBody, contentWebhookTexts } from "#contract/admin-videos";
import type { Db } from "#db/client";
import type { Config } from "../shared/config.ts";
import type { DomainWorkers, WorkerContext } from "../shared/context.ts";
import { type JobQueue, type Jobs, jobQueue } from "../shared/jobs.ts";
import type { Tx } from "../shared/sql.queries.ts";

/**
 * The outgoing content webhook (spec §7 discord-webhook: "failure ignored"; decision 015): a new film,
 * series or episode is POSTed to CONTENT_WEBHOOK_URL by a durable job (docs/decisions/011-jobs.md),
 * created in the admin write's own transaction, so it exists only if the video does. The admin
 * action never waits for the receiver nor fails with it; a failed delivery (a network error, any
 * answer but 2xx, no answer in 10 s) is logged and retried 5 times, each wait twice the one before.
 * Delivering twice is harmless (a chat message repeated), so the handler needs no key of its own.
 */

const DELIVERY_TIMEOUT_MS = 10_000;
const RETRIES = 5;

export const contentWebhookQueue = (config: Config): JobQueue<ContentWebhookBody> =>
  jobQueue({
    name: "content-webhook",
    data: contentWebhookBody,
    retryLimit: RETRIES,
    retryDelaySeconds: config.contentWebhook.retrySeconds,
    expireInSeconds: 60,
  });

/** Queues the announcement of new content inside the write's transaction, when a webhook is configured. */
export async function announceContent(
  deps: { config: Config; jobs: Jobs },
  tx: Tx,
  bodies: ContentWebhookBody[],
): Promise<void> {
  if (!deps.config.contentWebhook.url) return;
  const queue = contentWebhookQueue(deps.config);
  for (const body of bodies) await deps.jobs.send(queue, body, { tx: tx as unknown as Db });
}

/** An address a chat client can open: our own images get the public origin in front. */
const absolute = (config: Config, url: string | null) =>
  url?.startsWith(OWN_IMAGE_PREFIX) ? `${config.publicUrl}${url}` : url;

/** The JSON sent: the spec's fields, and `content`/`embeds` that Discord shows (it ignores the rest). */
export function webhookPayload(config: Config, body: ContentWebhookBody) {
  const t = contentWebhookTexts;
  const content =
    body.type === "episode"
      ? t.episode(body.seriesTitle ?? "", body.seasonNumber ?? 1, body.episodeNumber ?? 1, body.title)
      : body.type === "series"
        ? t.series(config.appName, body.title)
        : t.movie(config.appName, body.title);
  const thumbnail = absolute(config, body.thumbnail);
  return {
    ...body,
    thumbnail,
    username: config.appName,
    content,
    embeds: [
      {
        title: body.type === "episode" ? (body.seriesTitle ?? body.title) : body.title,
        url: `${config.publicUrl}/info/${body.videoUrl}`,
        ...(thumbnail?.startsWith("http") ? { thumbnail: { url: thumbnail } } : {}),
        fields: body.category ? [{ name: t.category, value: body.category, inline: true }] : [],
        footer: { text: t.addedBy(body.addedBy) },
      },
    ],
  };
}

/** One delivery: throws on anything but a 2xx within the time allowed (the job is then retried). */
export async function deliver(config: Config, body: ContentWebhookBody, signal: AbortSignal): Promise<void> {
  const url = config.contentWebhook.url;
  if (!url) return;
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", "user-agent": `${config.appName}/${config.version}` },
    body: JSON.stringify(webhookPayload(config, body)),
    // The operator's address, as configured: a redirect elsewhere is a failure, not followed.
    redirect: "manual",
    signal: AbortSignal.any([signal, AbortSignal.timeout(DELIVERY_TIMEOUT_MS)]),
  });
  await response.body?.cancel();
  if (response.status < 200 || response.status >= 300) {
    throw new Error(`content webhook answered ${response.status}`);
  }
}

/** Works the queue (workers.ts). */
export const contentWebhookWorkers: DomainWorkers = async (ctx: WorkerContext) => {
  await ctx.jobs.work(contentWebhookQueue(ctx.config), (body, job) => deliver(ctx.config, body, job.signal));
};
