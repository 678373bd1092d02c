import { useQuery } from "@tanstack/react-query";
import { Film } from "lucide-react";
import { useState } from "react";
import { QueryLoadError } from "#web/components/ui/load-error.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { adminText, adminStatsText as text } from "#web/i18n/admin.ts";
import { serverMessage } from "#web/lib/api.ts";
import { formatInteger, formatRating } from "#web/lib/format.ts";
import { chartsOptions } from "../api/stats-queries.ts";
import { DayChart } from "./day-chart.tsx";

/**
 * spec §2 Admin « Statistiques »: 'Top 5 Vidéos les Plus Regardées' (rank, thumbnail with a
 * placeholder on failure, title, views, average rating); decision 015: plays per day, new members per
 * week and active subscriptions over the last 90 days as charts, each with its table.
 */
export function StatsTab() {
  const charts = useQuery(chartsOptions);
  if (charts.isError)
    return (
      <QueryLoadError
        title={adminText.loadFailed}
        text={serverMessage(charts.error, adminText.loadFailed)}
        query={charts}
      />
    );
  if (!charts.data)
    return (
      <div className="grid place-items-center py-16">
        <Spinner />
      </div>
    );
  const data = charts.data;
  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby="admin-top-heading">
        <h2 id="admin-top-heading" className="text-xl font-bold">
          {text.topTitle}
        </h2>
        {data.topVideos.length === 0 ? (
          <p className="mt-3 text-muted">{text.topEmpty}</p>
        ) : (
          <ol className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
            {data.topVideos.map((v, i) => (
              <li
                key={v.id}
                className="flex items-center gap-3 rounded-2xl border border-line bg-surface/70 p-3 lg:flex-col lg:items-start"
              >
                <span className="text-2xl font-extrabold text-accent tabular-nums">
                  <span aria-hidden="true">{i + 1}</span>
                  <span className="sr-only">{text.rank(i + 1)}</span>
                </span>
                <Thumbnail src={v.thumbnail} title={v.title} />
                <div className="min-w-0">
                  <p className="font-semibold wrap-anywhere">{v.title}</p>
                  <p className="text-sm text-muted tabular-nums">{text.views(formatInteger(v.views))}</p>
                  <p className="text-sm text-muted tabular-nums">
                    {text.rating(formatRating(v.averageRating), formatInteger(v.totalRatings))}
                  </p>
                </div>
              </li>
            ))}
          </ol>
        )}
      </section>
      <div className="grid gap-5 xl:grid-cols-2">
        <DayChart
          title={text.playsTitle}
          caption={text.playsCaption}
          points={data.playsPerDay}
          firstColumn={text.dayColumn}
        />
        <DayChart
          title={text.subscriptionsTitle}
          caption={text.subscriptionsCaption}
          points={data.activeSubscriptionsPerDay}
          firstColumn={text.dayColumn}
        />
        <DayChart
          title={text.membersTitle}
          caption={text.membersCaption}
          points={data.newMembersPerWeek}
          bars
          firstColumn={text.weekColumn}
        />
      </div>
    </div>
  );
}

/** spec §2: the thumbnail, with a placeholder when it fails to load. */
function Thumbnail({ src, title }: { src: string | null; title: string }) {
  const [failed, setFailed] = useState(false);
  return (
    <span className="grid aspect-[2/3] w-14 shrink-0 place-items-center overflow-hidden rounded-lg border border-line bg-surface-2 lg:w-full lg:max-w-28">
      {src && !failed ? (
        <img
          src={src}
          alt={title}
          loading="lazy"
          className="size-full object-cover"
          onError={() => setFailed(true)}
        />
      ) : (
        <Film className="size-5 text-subtle" aria-hidden="true" />
      )}
    </span>
  );
}
