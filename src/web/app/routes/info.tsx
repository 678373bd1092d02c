import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { useParams } from "react-router";
import { videoDetailOptions } from "#web/features/video-info/api/detail-queries.ts";
import { InfoView } from "#web/features/video-info/components/info-view.tsx";
import { screenTitles } from "#web/i18n/common.ts";
import { isVideoId } from "#web/lib/info-link.ts";
import { useDocumentTitle } from "#web/lib/use-document-title.ts";
import { infoSlots } from "../slots/video-slots.tsx";

/** /info/:id — spec §2 "Video card and info modal", as a page anyone can open from a shared link. */
export default function InfoRoute() {
  const { id = "" } = useParams();
  const titleId = useId();
  const valid = isVideoId(id);
  // Same query as the view: the document title follows the video once it is known.
  const detail = useQuery({ ...videoDetailOptions(id), enabled: valid });
  useDocumentTitle(detail.data?.title ?? screenTitles.info);
  return (
    <div className="mx-auto max-w-6xl pt-16 pb-10 sm:pt-20">
      <div className="overflow-hidden bg-surface sm:rounded-2xl sm:border sm:border-white/8">
        <InfoView
          id={valid ? id : "00000000-0000-4000-8000-000000000000"}
          titleId={titleId}
          headingLevel={1}
          slots={infoSlots}
        />
      </div>
    </div>
  );
}
