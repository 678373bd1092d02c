import { useState } from "react";
import { Link } from "react-router";
import type { VideoSummary } from "#contract/catalogue";
import { TypeBadge } from "#web/components/ui/type-badge.tsx";
import { ViewsCount } from "#web/components/ui/views-count.tsx";
import { formatRating } from "#web/lib/format.ts";
import { useInfoLink } from "#web/lib/info-link.ts";
import { StarMeter } from "./star-meter.tsx";

/**
 * spec §2 "A second card style has inline star rating and views as K or M": a 16:9 backdrop card
 * with the title, the stars filled to the average and the views. Opens the info modal.
 */
export function VideoCardWide({ video }: { video: VideoSummary }) {
  const [imageFailed, setImageFailed] = useState(false);
  const image = video.backdrop ?? video.thumbnail;
  const info = useInfoLink(video.id);
  const rated = video.totalRatings > 0;
  return (
    <article className="group relative">
      <div className="relative aspect-video overflow-hidden rounded-xl bg-surface-2 ring-1 ring-white/8 transition-shadow group-hover:ring-white/25 group-has-[:focus-visible]:outline-2 group-has-[:focus-visible]:outline-offset-3 group-has-[:focus-visible]:outline-accent">
        {image && !imageFailed ? (
          <img
            src={image}
            alt=""
            width={640}
            height={360}
            loading="lazy"
            decoding="async"
            onError={() => setImageFailed(true)}
            className="size-full object-cover transition-transform duration-500 motion-safe:group-hover:scale-[1.04]"
          />
        ) : (
          <div className="size-full bg-[linear-gradient(160deg,var(--color-surface-3),var(--color-surface)_70%)]" />
        )}
        <div
          aria-hidden="true"
          className="absolute inset-0 bg-gradient-to-t from-black/60 via-transparent to-transparent"
        />
        <TypeBadge type={video.type} className="absolute top-2 left-2" />
      </div>
      <h4 className="mt-2.5 truncate font-semibold text-fg">
        <Link {...info} className="after:absolute after:inset-0 after:rounded-xl focus-visible:outline-none">
          {video.title}
        </Link>
      </h4>
      <p className="mt-1 flex items-center gap-2 text-xs text-muted tabular-nums">
        <StarMeter average={video.averageRating} rated={rated} />
        {rated && <span aria-hidden="true">{formatRating(video.averageRating)}</span>}
        <ViewsCount views={video.views} className="ml-auto" />
      </p>
    </article>
  );
}

export function VideoCardWideSkeleton() {
  return (
    <div aria-hidden="true">
      <div className="skeleton aspect-video rounded-xl" />
      <div className="skeleton mt-2.5 h-4 w-3/4 rounded" />
      <div className="skeleton mt-2 h-3 w-1/2 rounded" />
    </div>
  );
}
