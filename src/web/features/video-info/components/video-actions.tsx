import { Check, Plus, Share2, Star, ThumbsUp } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { Link } from "react-router";
import type { VideoSummary } from "#contract/catalogue";
import { buttonStyles } from "#web/components/ui/button-styles.ts";
import { useSession } from "#web/features/auth/hooks/use-session.ts";
import {
  useFavoriteIds,
  useMyVideoState,
  useRateVideo,
  useToggleFavorite,
} from "#web/features/library/hooks.ts";
import { fr } from "#web/i18n/fr.ts";
import { toast } from "#web/lib/toast.ts";
import { shareVideo } from "../share-video.ts";

type Video = Pick<VideoSummary, "id" | "title">;

/** A visitor's click on a member-only action: say how to get it (DESIGN.md: a way forward). */
function askToSignIn(text: string) {
  toast.info(text);
}

/**
 * Ma liste toggle (spec §2 hover overlay: "favourite toggle (signed-in only)"; info modal:
 * favourite). Optimistic: the heart changes at once and rolls back with a toast on failure.
 * `icon` is the overlay's round button; `labelled` the info view's button with its text.
 */
export function FavoriteButton({
  video,
  variant,
  className,
}: {
  video: Video;
  variant: "icon" | "labelled";
  className?: string;
}) {
  const { user } = useSession();
  const favorites = useFavoriteIds();
  const toggle = useToggleFavorite();
  if (!user) {
    if (variant === "icon") return null;
    return (
      <button
        type="button"
        className={buttonStyles({ variant: "secondary", size: "lg" })}
        onClick={() => askToSignIn(fr.info.favoriteSignIn)}
      >
        <Plus aria-hidden="true" />
        {fr.info.addFavorite}
      </button>
    );
  }
  const active = favorites.has(video.id);
  const label = active ? fr.info.removeFavorite : fr.info.addFavorite;
  const Icon = active ? Check : Plus;
  const onClick = () => toggle(video, active);
  if (variant === "icon") {
    return (
      <button
        type="button"
        aria-pressed={active}
        aria-label={`${label} : ${video.title}`}
        title={label}
        onClick={onClick}
        className={className}
      >
        <Icon className="size-4" aria-hidden="true" />
      </button>
    );
  }
  return (
    <button
      type="button"
      aria-pressed={active}
      onClick={onClick}
      className={buttonStyles({ variant: "secondary", size: "lg" })}
    >
      <Icon aria-hidden="true" />
      {label}
    </button>
  );
}

/**
 * J'aime (spec §2: like on the card overlay and the info modal). The original did nothing; here a
 * like is a 5-star rating (docs/decisions/007-like-is-a-five-star-rating.md), so it counts in the
 * average and in « Ma liste » stats. In the info view, where the member's rating is known, a
 * pressed J'aime removes that 5/5 rating.
 */
export function LikeButton({
  video,
  variant,
  className,
}: {
  video: Video;
  variant: "icon" | "round";
  className?: string;
}) {
  const { user } = useSession();
  const rate = useRateVideo();
  const mine = useMyVideoState(variant === "round" ? video.id : undefined);
  const liked = mine.data?.rating === 5;
  const onClick = () => {
    if (!user) return askToSignIn(fr.info.rateSignIn);
    rate(video, liked ? 0 : 5);
  };
  const classes =
    className ??
    `grid size-12 place-items-center rounded-full border transition-colors sm:size-13 ${
      liked
        ? "border-accent bg-accent/15 text-accent"
        : "border-white/30 bg-white/8 text-fg hover:border-white/60"
    }`;
  return (
    <button
      type="button"
      aria-pressed={variant === "round" && user ? liked : undefined}
      aria-label={`${liked ? fr.info.liked : fr.info.like} : ${video.title}`}
      title={fr.info.likeHint}
      onClick={onClick}
      className={classes}
    >
      <ThumbsUp className={`size-4 sm:size-5 ${liked ? "fill-current" : ""}`} aria-hidden="true" />
    </button>
  );
}

/** spec §2 Info modal: share (native share or copy link with toast 'Lien copié'). */
export function ShareButton({ video }: { video: Video }) {
  return (
    <button
      type="button"
      aria-label={`${fr.info.share} : ${video.title}`}
      title={fr.info.share}
      onClick={() => void shareVideo(video)}
      className="grid size-12 place-items-center rounded-full border border-white/30 bg-white/8 text-fg transition-colors hover:border-white/60 sm:size-13"
    >
      <Share2 className="size-4 sm:size-5" aria-hidden="true" />
    </button>
  );
}

/**
 * spec §2 Info modal: "rating stars 1 to 5". A radio group (arrow keys move, Space picks) whose
 * choice is saved at once ('Note enregistrée'); 'Retirer ma note' removes it. Visitors see why
 * they cannot rate and a link to sign in.
 */
export function RatingStars({ video }: { video: Video }) {
  const { user } = useSession();
  const name = useId();
  const mine = useMyVideoState(video.id);
  const rate = useRateVideo();
  const saved = mine.data?.rating ?? 0;
  // The star the member just chose shows at once, whatever the state query is doing (its first
  // load may have been cancelled by another change); the next answer — saved or rolled back —
  // takes over. A choice before that load is still valid: the server keeps one rating per member.
  const [chosen, setChosen] = useState<number | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new answer (saved, or rolled back) ends the choice
  useEffect(() => setChosen(null), [mine.dataUpdatedAt]);
  const current = chosen ?? saved;
  const choose = (n: number) => {
    setChosen(n);
    rate(video, n);
  };

  return (
    <section aria-labelledby={`${name}-title`} className="mt-7">
      <h3 id={`${name}-title`} className="text-xs font-bold tracking-[0.14em] text-muted uppercase">
        {fr.info.yourRating}
      </h3>
      {!user ? (
        <p className="mt-2 text-sm text-muted">
          {fr.info.rateSignIn}{" "}
          <Link to="/login" className="font-semibold text-fg underline underline-offset-4 hover:text-accent">
            {fr.info.signIn}
          </Link>
        </p>
      ) : (
        <div className="mt-2 flex flex-wrap items-center gap-4">
          <fieldset className="flex">
            <legend className="sr-only">{fr.info.yourRating}</legend>
            {[1, 2, 3, 4, 5].map((n) => (
              <label
                key={n}
                className="group/star relative cursor-pointer p-1 has-[:focus-visible]:rounded-md has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent"
              >
                <input
                  type="radio"
                  name={name}
                  value={n}
                  checked={current === n}
                  onChange={() => choose(n)}
                  className="sr-only"
                  aria-label={fr.info.rateStar(n)}
                />
                <Star
                  aria-hidden="true"
                  className={`size-7 transition-colors ${n <= current ? "fill-accent text-accent" : "text-white/35 group-hover/star:text-accent/80"}`}
                />
              </label>
            ))}
          </fieldset>
          {current > 0 && (
            <button
              type="button"
              className={buttonStyles({ variant: "ghost", size: "sm" })}
              onClick={() => choose(0)}
            >
              {fr.info.removeRating}
            </button>
          )}
        </div>
      )}
    </section>
  );
}
