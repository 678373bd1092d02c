import { Share2 } from "lucide-react";
import type { VideoSummary } from "#contract/catalogue";
import { infoText } from "#web/i18n/video-info.ts";
import { shareVideo } from "../lib/share-video.ts";

/** spec §2 Info modal: share (native share or copy link with toast 'Lien copié'). */
export function ShareButton({ video }: { video: Pick<VideoSummary, "id" | "title"> }) {
  return (
    <button
      type="button"
      aria-label={`${infoText.share} : ${video.title}`}
      title={infoText.share}
      onClick={() => void shareVideo(video)}
      className="grid size-12 place-items-center rounded-full border border-white/30 bg-white/8 text-fg transition-colors hover:border-white/60 sm:size-13"
    >
      <Share2 className="size-4 sm:size-5" aria-hidden="true" />
    </button>
  );
}
