import { Info, Play } from "lucide-react";
import { Link } from "react-router";
import type { VideoSummary } from "#contract/catalogue";
import { BackdropImage } from "#web/components/ui/backdrop-image.tsx";
import { buttonStyles } from "#web/components/ui/button-styles.ts";
import { pageGutter } from "#web/components/ui/layout.ts";
import { TypeBadge } from "#web/components/ui/type-badge.tsx";
import { VideoFacts } from "#web/components/ui/video-facts.tsx";
import { homeText } from "#web/i18n/catalogue.ts";
import { useFadeIn } from "#web/lib/first-screen.ts";

/**
 * The featured title at the top of a screen (spec §2 Home): a 16:9 backdrop fading into the
 * background, title, match, year, language, seasons or duration, category, description, and the
 * Lecture / Plus d'infos actions. Its box is sized before the image arrives (no layout shift).
 */
export function VideoHero({ video, eyebrow }: { video: VideoSummary; eyebrow?: string }) {
  const fadeIn = useFadeIn();
  const t = homeText;
  const image = video.backdrop ?? video.thumbnail;
  const mainCategory = video.category[0];

  return (
    <section aria-labelledby="hero-title" className="relative isolate">
      <HeroBackdrop image={image} />

      <div
        className={`${pageGutter} relative -mt-20 flex flex-col justify-end pb-10 sm:-mt-28 md:mt-0 md:h-[min(56.25vw,88svh)] md:min-h-[34rem] md:pb-[clamp(3rem,9vh,6.5rem)]`}
      >
        <div className={`max-w-2xl ${fadeIn}`}>
          <div className="mb-4 flex items-center gap-3">
            {eyebrow && (
              <span className="text-xs font-bold tracking-[0.2em] text-accent uppercase">{eyebrow}</span>
            )}
            <TypeBadge type={video.type} />
          </div>

          <h2
            id="hero-title"
            className="line-clamp-4 text-[clamp(2.25rem,5.2vw,4.5rem)] leading-[1.02] font-black tracking-[-0.025em] text-balance wrap-anywhere drop-shadow-[0_2px_24px_rgb(0_0_0/0.5)]"
          >
            {video.title}
          </h2>

          <VideoFacts video={video} className="mt-4">
            {mainCategory && (
              <span className="rounded-md border border-white/20 px-2 py-0.5 text-xs font-semibold text-fg/90">
                {mainCategory}
              </span>
            )}
          </VideoFacts>

          <p className="mt-4 line-clamp-3 max-w-xl text-base leading-relaxed text-pretty text-fg/80 sm:text-lg">
            {video.description}
          </p>

          <div className="mt-7 grid grid-cols-2 gap-3 sm:flex sm:flex-wrap">
            <Link to={`/video/${video.id}`} className={buttonStyles({ size: "lg" })}>
              <Play className="fill-current" aria-hidden="true" />
              {t.play}
            </Link>
            <Link to={`/info/${video.id}`} className={buttonStyles({ variant: "secondary", size: "lg" })}>
              <Info aria-hidden="true" />
              {t.moreInfo}
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}

function HeroBackdrop({ image }: { image: string | null }) {
  return (
    <div
      aria-hidden="true"
      className="relative -z-10 aspect-[4/3] w-full overflow-hidden bg-surface sm:aspect-video md:absolute md:inset-0 md:aspect-auto"
    >
      {image ? (
        <BackdropImage src={image} priority />
      ) : (
        <div className="size-full bg-[radial-gradient(80%_90%_at_70%_20%,color-mix(in_oklab,var(--color-accent)_22%,transparent),transparent_70%)]" />
      )}
      {/* Gradients to the background keep the text readable on any image (DESIGN.md). */}
      <div className="absolute inset-x-0 top-0 h-32 bg-gradient-to-b from-bg/70 to-transparent" />
      <div className="absolute inset-0 bg-gradient-to-t from-bg via-bg/25 to-transparent md:via-bg/10" />
      <div className="absolute inset-0 hidden bg-gradient-to-r from-bg/90 via-bg/40 to-transparent md:block" />
    </div>
  );
}

/** Same box as the hero, drawn while the catalogue loads. */
export function VideoHeroSkeleton() {
  return (
    <div aria-hidden="true" className="relative isolate">
      <div className="relative -z-10 aspect-[4/3] w-full bg-surface sm:aspect-video md:absolute md:inset-0 md:aspect-auto">
        <div className="absolute inset-0 bg-gradient-to-t from-bg to-transparent" />
      </div>
      <div
        className={`${pageGutter} relative -mt-20 flex flex-col justify-end pb-10 sm:-mt-28 md:mt-0 md:h-[min(56.25vw,88svh)] md:min-h-[34rem] md:pb-[clamp(3rem,9vh,6.5rem)]`}
      >
        <div className="max-w-2xl">
          <div className="skeleton mb-4 h-5 w-24 rounded-md" />
          <div className="skeleton h-[clamp(2.25rem,5.2vw,4.5rem)] w-4/5 rounded-xl" />
          <div className="skeleton mt-4 h-5 w-3/5 rounded-md" />
          <div className="mt-4 space-y-2.5">
            <div className="skeleton h-4 w-full rounded" />
            <div className="skeleton h-4 w-11/12 rounded" />
            <div className="skeleton h-4 w-2/3 rounded" />
          </div>
          <div className="mt-7 grid grid-cols-2 gap-3 sm:flex">
            <div className="skeleton h-12 rounded-full sm:h-13 sm:w-36" />
            <div className="skeleton h-12 rounded-full sm:h-13 sm:w-44" />
          </div>
        </div>
      </div>
    </div>
  );
}
