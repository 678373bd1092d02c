import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { listAdminCategories } from "#contract/admin-categories";
import { deleteSubtitle, listSubtitles, updateSubtitle, uploadSubtitle } from "#contract/admin-subtitles";
import {
  type BulkVideosInput,
  bulkVideos,
  createVideo,
  deleteEpisode,
  deleteVideo,
  getAdminVideo,
  type ImageKind,
  listAdminVideos,
  updateVideo,
  uploadImage,
  type VideoInput,
  type VideoUpdateInput,
} from "#contract/admin-videos";
import type { EndpointQueryInput } from "#contract/endpoint";
import { apiGet, apiSend, apiUpload } from "#web/lib/api.ts";
import { adminData } from "#web/lib/query-tags.ts";

/** The « Vidéos » tab through TanStack Query (one key root; spec §7 videos, episodes, subtitles). */
export const adminVideoKeys = {
  root: "admin-videos",
  list: (query: object) => ["admin-videos", "list", query] as const,
  detail: (id: string) => ["admin-videos", "detail", id] as const,
  categories: ["admin-videos", "categories"] as const,
  subtitles: (videoId: string) => ["admin-videos", "subtitles", videoId] as const,
};

export type VideoListQuery = EndpointQueryInput<typeof listAdminVideos>;

export const videoListOptions = (query: VideoListQuery) =>
  queryOptions({
    queryKey: adminVideoKeys.list(query),
    queryFn: ({ signal }) => apiGet(listAdminVideos, { query, signal }),
    meta: adminData,
    placeholderData: keepPreviousData,
  });

export const videoDetailOptions = (id: string) =>
  queryOptions({
    queryKey: adminVideoKeys.detail(id),
    queryFn: ({ signal }) => apiGet(getAdminVideo, { params: { id }, signal }),
    meta: adminData,
    // The form works on the version it read: never swapped under the administrator's hands.
    staleTime: Number.POSITIVE_INFINITY,
  });

/** Every category, for the filter and the form's choices. */
export const videoCategoriesOptions = queryOptions({
  queryKey: adminVideoKeys.categories,
  queryFn: ({ signal }) => apiGet(listAdminCategories, { signal }),
  meta: adminData,
  staleTime: 60_000,
});

export const subtitlesOptions = (videoId: string) =>
  queryOptions({
    queryKey: adminVideoKeys.subtitles(videoId),
    queryFn: ({ signal }) => apiGet(listSubtitles, { params: { id: videoId }, signal }),
    meta: adminData,
  });

export const postVideo = (body: VideoInput) => apiSend(createVideo, { body });
export const putVideo = (id: string, body: VideoUpdateInput) =>
  apiSend(updateVideo, { params: { id }, body });
export const removeVideo = (id: string) => apiSend(deleteVideo, { params: { id } });
export const removeEpisode = (id: string) => apiSend(deleteEpisode, { params: { id } });
export const postBulk = (body: BulkVideosInput) => apiSend(bulkVideos, { body });
export const sendImage = (kind: ImageKind, file: Blob) => apiUpload(uploadImage, file, { query: { kind } });

export const sendSubtitle = (
  videoId: string,
  file: Blob,
  query: { language: string; languageName: string; episodeId?: string | undefined; isDefault: boolean },
) =>
  apiUpload(uploadSubtitle, file, {
    params: { id: videoId },
    query: {
      language: query.language,
      languageName: query.languageName,
      ...(query.episodeId ? { episodeId: query.episodeId } : {}),
      isDefault: query.isDefault ? "true" : "false",
    },
  });
export const makeDefaultSubtitle = (id: string) =>
  apiSend(updateSubtitle, { params: { id }, body: { isDefault: true } });
export const removeSubtitle = (id: string) => apiSend(deleteSubtitle, { params: { id } });
