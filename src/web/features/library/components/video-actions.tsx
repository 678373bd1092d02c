import { Check, Plus, Star, ThumbsUp } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import type { VideoSummary } from "#contract/catalogue";
import { buttonStyles } from "#web/components/ui/button-styles.ts";
import { infoText } from "#web/i18n/video-info.ts";
import { useSession } from "#web/lib/session/use-session.ts";
import { toast } from "#web/lib/toast.ts";
import {
  useFavoriteIds,
  useLikedIds,
  useMyVideoState,
  useRateVideo,
  useToggleFavorite,
  useToggleLike,
} from "../hooks/use-library.ts";

type Video = Pick<VideoSummary, "id" | "title">;

/** A visitor's click on a member-only action: say how to get it (DESIGN.md: a way forward). */
function askToSignIn(text: string) {
  toast.info(text);
}

/**
 * The member's library actions on a video (spec §2 card overlay, info modal, player), placed by the
 * screens in the slots of the card, the info view and the player (docs/decisions/010).
 */

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
        onClick={() => askToSignIn(infoText.favoriteSignIn)}
      >
        <Plus aria-hidden="true" />
        {infoText.addFavorite}
      </button>
    );
  }
  const active = favorites.has(video.id);
  const label = active ? infoText.removeFavorite : infoText.addFavorite;
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
 * J'aime (spec §2: like on the card overlay and the info modal): the member's own mark on a title,
 * never a rating (docs/decisions/040-likes-are-their-own-mark.md). Pressed from the member's liked
 * ids, toggled optimistically (rolled back with a toast on failure). Visitors are told to sign in.
 * `icon` is the overlay's round button; `round` the info view's.
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
  const { user, isPending } = useSession();
  const liked = useLikedIds().has(video.id);
  const toggle = useToggleLike();
  const onClick = () => {
    // Until the session is known, a member would be told to sign in: the click waits for it.
    if (isPending) return;
    if (!user) return askToSignIn(infoText.likeSignIn);
    toggle(video, liked);
  };
  const classes = className
    ? `${className} aria-pressed:border-accent aria-pressed:text-accent`
    : `grid size-12 place-items-center rounded-full border transition-colors sm:size-13 ${
        liked
          ? "border-accent bg-accent/15 text-accent"
          : "border-white/30 bg-white/8 text-fg hover:border-white/60"
      }`;
  return (
    <button
      type="button"
      aria-pressed={user ? liked : undefined}
      aria-label={`${infoText.like} : ${video.title}`}
      title={liked ? infoText.likedHint : infoText.likeHint}
      onClick={onClick}
      className={classes}
    >
      <ThumbsUp
        className={`${variant === "icon" ? "size-4" : "size-4 sm:size-5"} ${liked ? "fill-current" : ""}`}
        aria-hidden="true"
      />
    </button>
  );
}

/** How long a star reached with the arrow keys waits before it is saved, if the focus stays. */
const KEYED_RATING_WAIT_MS = 1500;

/**
 * spec §2 Info modal: "rating stars 1 to 5". A radio group whose choice is saved ('Note
 * enregistrée'): a click at once; with the keyboard, the arrows only move the choice, saved when the
 * focus leaves the stars, on Enter or Space, or after a moment's pause (going from none to 4 stars
 * saved 2, 3 and 4 with three toasts). 'Retirer ma note' removes it. Visitors see why they cannot
 * rate and a link to sign in.
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
  const keyed = useRef(false);
  const waiting = useRef<{ n: number; timer: ReturnType<typeof setTimeout> } | null>(null);
  const save = (n: number) => {
    if (waiting.current) clearTimeout(waiting.current.timer);
    waiting.current = null;
    rate(video, n);
  };
  const flush = () => {
    if (waiting.current) save(waiting.current.n);
  };
  const choose = (n: number) => {
    setChosen(n);
    if (!keyed.current) return save(n);
    keyed.current = false;
    if (waiting.current) clearTimeout(waiting.current.timer);
    waiting.current = { n, timer: setTimeout(() => save(n), KEYED_RATING_WAIT_MS) };
  };
  // A choice still waiting when the view closes is saved, not lost.
  const flushRef = useRef(flush);
  flushRef.current = flush;
  useEffect(() => () => flushRef.current(), []);

  return (
    <section aria-labelledby={`${name}-title`} className="mt-7">
      <h3 id={`${name}-title`} className="text-xs font-bold tracking-[0.14em] text-muted uppercase">
        {infoText.yourRating}
      </h3>
      {!user ? (
        <p className="mt-2 text-sm text-muted">
          {infoText.rateSignIn}{" "}
          <Link to="/login" className="font-semibold text-fg underline underline-offset-4 hover:text-accent">
            {infoText.signIn}
          </Link>
        </p>
      ) : (
        <div className="mt-2 flex flex-wrap items-center gap-4">
          <fieldset
            className="flex"
            onKeyDown={(event) => {
              if (event.key.startsWith("Arrow")) keyed.current = true;
              else if (event.key === "Enter" || event.key === " ") flush();
            }}
            onBlur={(event) => {
              if (!event.currentTarget.contains(event.relatedTarget as Node | null)) flush();
            }}
            onPointerDown={() => {
              keyed.current = false;
            }}
          >
            <legend className="sr-only">{infoText.yourRating}</legend>
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
                  aria-label={infoText.rateStar(n)}
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
              {infoText.removeRating}
            </button>
          )}
        </div>
      )}
    </section>
  );
}
