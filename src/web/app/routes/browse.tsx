import { useQuery } from "@tanstack/react-query";
import { categoriesOptions } from "#web/features/catalogue/api/video-queries.ts";
import { DiscoveryScreen } from "#web/features/search/components/discovery-screen.tsx";
import { screenTitles } from "#web/i18n/common.ts";
import { useDocumentTitle } from "#web/lib/use-document-title.ts";
import { renderVideoGrid } from "../slots/video-slots.tsx";

/** /browse — spec §2 "Explore (/browse) and Search": search, filters, two views; all in the URL. */
export default function BrowseRoute() {
  useDocumentTitle(screenTitles.browse);
  const categories = useQuery(categoriesOptions());
  return (
    <DiscoveryScreen
      title={screenTitles.browse}
      categories={categories.data?.items}
      renderVideos={renderVideoGrid}
      defaultView="modern"
    />
  );
}
