import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Captions, Film, Pencil, Plus, Tag, Trash2 } from "lucide-react";
import { useState } from "react";
import type { AdminVideoRow } from "#contract/admin-videos";
import { buttonStyles } from "#web/components/ui/button-styles.ts";
import { ConfirmDialog } from "#web/components/ui/confirm-dialog.tsx";
import { type Column, DataTable } from "#web/components/ui/data-table.tsx";
import { PagedList } from "#web/components/ui/paged-list.tsx";
import { SearchField } from "#web/components/ui/search-field.tsx";
import { SelectField } from "#web/components/ui/select-field.tsx";
import { SelectionAction, SelectionBar } from "#web/components/ui/selection-bar.tsx";
import { StateMessage } from "#web/components/ui/state-message.tsx";
import { useRowSelection } from "#web/components/ui/use-row-selection.ts";
import { adminText, adminVideosText as text } from "#web/i18n/admin.ts";
import { serverMessage } from "#web/lib/api.ts";
import { formatInteger, formatRating } from "#web/lib/format.ts";
import { refreshAdminData } from "#web/lib/query-tags.ts";
import { toast } from "#web/lib/toast.ts";
import { useDebounced } from "#web/lib/use-debounced.ts";
import {
  postBulk,
  removeVideo,
  videoCategoriesOptions,
  videoListOptions,
} from "../api/admin-video-queries.ts";
import { DraftBadge } from "./draft-badge.tsx";
import type { MediaFieldSlot } from "./media-field.tsx";
import { SubtitlesDialog } from "./subtitles-dialog.tsx";
import { VideoFormDialog } from "./video-form-dialog.tsx";

const PAGE = 20;

type Open =
  | { kind: "form"; id: string | null }
  | { kind: "delete"; video: AdminVideoRow }
  | { kind: "subtitles"; video: AdminVideoRow }
  | { kind: "bulk-delete" }
  | { kind: "bulk-category" }
  | null;

/**
 * spec §2 Admin « Vidéos »: search and category filter, a paged table (thumbnail, title, duration,
 * category, year, views, rating with count, edit/delete), the add/edit form, subtitle management;
 * decision 015: bulk actions (change category, delete) on the rows chosen, one confirmation each.
 * `mediaField` is the form's media field (a slot the screen may fill).
 */
export function VideosTab({ mediaField }: { mediaField?: MediaFieldSlot | undefined }) {
  const queryClient = useQueryClient();
  const [q, setQ] = useState("");
  const [categoryId, setCategoryId] = useState("");
  const [type, setType] = useState<"" | "movie" | "series">("");
  const [offset, setOffset] = useState(0);
  const { selected, count, clear: clearSelection, selection } = useRowSelection<AdminVideoRow>();
  const [open, setOpen] = useState<Open>(null);
  const [bulkCategory, setBulkCategory] = useState("");
  const search = useDebounced(q.trim());

  const query = {
    limit: PAGE,
    offset,
    ...(search ? { q: search } : {}),
    ...(categoryId ? { categoryId } : {}),
    ...(type ? { type } : {}),
  };
  const list = useQuery(videoListOptions(query));
  const categories = useQuery(videoCategoriesOptions);
  const close = () => setOpen(null);
  const done = async () => {
    clearSelection();
    close();
    await refreshAdminData(queryClient);
  };

  const remove = useMutation({
    mutationFn: (id: string) => removeVideo(id),
    onSuccess: async () => {
      toast.success(text.deleted);
      await done();
    },
    onError: (error) => toast.error(adminText.errorTitle, serverMessage(error, text.deleteFailed)),
  });
  const bulk = useMutation({
    mutationFn: postBulk,
    onSuccess: async (answer, input) => {
      toast.success(
        input.action === "delete" ? text.bulkDeleted(answer.changed) : text.bulkDone(answer.changed),
      );
      await done();
    },
    onError: (error) => toast.error(adminText.errorTitle, serverMessage(error, adminText.operationFailed)),
  });

  const rows = list.data?.items ?? [];

  const columns: Column<AdminVideoRow>[] = [
    {
      key: "thumbnail",
      header: text.columns.thumbnail,
      headerHidden: true,
      card: "media",
      className: "w-16",
      cell: (v) => <Poster src={v.thumbnail} title={v.title} />,
    },
    {
      key: "title",
      header: text.columns.title,
      card: "title",
      cell: (v) => (
        <span className="flex flex-col">
          <span className="font-semibold wrap-anywhere">
            {v.title}
            {!v.published && <DraftBadge className="ml-2 align-middle" />}
          </span>
          <span className="text-xs font-normal text-muted">
            {v.type === "series" ? `${text.series} · ${text.episodesCount(v.totalEpisodes)}` : text.movie}
          </span>
        </span>
      ),
    },
    {
      key: "duration",
      header: text.columns.duration,
      cell: (v) => <span className="tabular-nums">{v.duration}</span>,
    },
    {
      key: "category",
      header: text.columns.category,
      cell: (v) => (v.category.length > 0 ? v.category.join(", ") : adminText.never),
    },
    { key: "year", header: text.columns.year, cell: (v) => <span className="tabular-nums">{v.year}</span> },
    {
      key: "views",
      header: text.columns.views,
      className: "text-right",
      cell: (v) => <span className="tabular-nums">{formatInteger(v.views)}</span>,
    },
    {
      key: "rating",
      header: text.columns.rating,
      cell: (v) => (
        <span className="whitespace-nowrap tabular-nums">
          {text.ratingCell(formatRating(v.averageRating), v.totalRatings)}
        </span>
      ),
    },
    {
      key: "actions",
      header: text.columns.actions,
      headerHidden: true,
      card: "actions",
      className: "w-0 whitespace-nowrap",
      cell: (v) => (
        <span className="flex flex-wrap gap-1 md:flex-nowrap">
          <button
            type="button"
            className={buttonStyles({ variant: "ghost", size: "sm" })}
            aria-label={`${adminText.edit} ${v.title}`}
            onClick={() => setOpen({ kind: "form", id: v.id })}
          >
            <Pencil aria-hidden="true" />
            <span className="md:sr-only">{adminText.edit}</span>
          </button>
          <button
            type="button"
            className={buttonStyles({ variant: "ghost", size: "sm" })}
            aria-label={`${text.subtitles} ${v.title}`}
            onClick={() => setOpen({ kind: "subtitles", video: v })}
          >
            <Captions aria-hidden="true" />
            <span className="md:sr-only">{text.subtitles}</span>
          </button>
          <button
            type="button"
            className={buttonStyles({ variant: "ghost", size: "sm" })}
            aria-label={`${adminText.delete} ${v.title}`}
            onClick={() => setOpen({ kind: "delete", video: v })}
          >
            <Trash2 aria-hidden="true" />
            <span className="md:sr-only">{adminText.delete}</span>
          </button>
        </span>
      ),
    },
  ];

  const categoryOptions = [
    { value: "", label: text.allCategories },
    ...(categories.data?.items ?? []).map((c) => ({ value: c.id, label: c.name })),
  ];

  return (
    <section aria-labelledby="admin-videos-heading">
      <div className="flex flex-wrap items-end gap-3">
        <h2 id="admin-videos-heading" className="sr-only">
          {text.heading}
        </h2>
        <SearchField
          label={text.searchLabel}
          placeholder={text.searchPlaceholder}
          value={q}
          onChange={(value) => {
            setQ(value);
            setOffset(0);
          }}
        />
        <SelectField
          look="field"
          className="min-w-0 basis-52"
          label={text.categoryFilter}
          value={categoryId}
          options={categoryOptions}
          onChange={(v) => {
            setCategoryId(v);
            setOffset(0);
          }}
        />
        <SelectField
          look="field"
          className="min-w-0 basis-40"
          label={text.typeFilter}
          value={type}
          options={[
            { value: "" as const, label: text.allTypes },
            { value: "movie" as const, label: text.movie },
            { value: "series" as const, label: text.series },
          ]}
          onChange={(v) => {
            setType(v);
            setOffset(0);
          }}
        />
        <button type="button" className={buttonStyles()} onClick={() => setOpen({ kind: "form", id: null })}>
          <Plus aria-hidden="true" />
          {text.add}
        </button>
      </div>

      {count > 0 && (
        <SelectionBar label={text.bulkLabel} count={adminText.selected(count)}>
          <SelectionAction
            icon={<Tag aria-hidden="true" />}
            label={text.bulkCategory}
            short={text.bulkCategoryShort}
            onClick={() => setOpen({ kind: "bulk-category" })}
          />
          <SelectionAction
            danger
            icon={<Trash2 aria-hidden="true" />}
            label={text.bulkDelete}
            short={text.bulkDeleteShort}
            onClick={() => setOpen({ kind: "bulk-delete" })}
          />
        </SelectionBar>
      )}

      <PagedList
        list={list}
        texts={adminText}
        isEmpty={rows.length === 0}
        empty={<StateMessage icon={Film} title={text.empty} text={text.emptyText} />}
        offset={offset}
        limit={PAGE}
        onOffset={setOffset}
      >
        {() => (
          <DataTable
            caption={text.heading}
            columns={columns}
            rows={rows}
            rowKey={(v) => v.id}
            selection={selection(rows, (v) => adminText.selectRow(v.title), adminText.selectAll)}
          />
        )}
      </PagedList>

      {open?.kind === "form" && <VideoFormDialog videoId={open.id} mediaField={mediaField} onClose={close} />}
      {open?.kind === "subtitles" && <SubtitlesDialog video={open.video} onClose={close} />}
      {open?.kind === "delete" && (
        <ConfirmDialog
          danger
          title={text.confirmDelete(open.video.title)}
          text={text.confirmDeleteText}
          confirmLabel={adminText.delete}
          cancelLabel={adminText.cancel}
          busy={remove.isPending}
          onClose={close}
          onConfirm={() => remove.mutate(open.video.id)}
        />
      )}
      {open?.kind === "bulk-delete" && (
        <ConfirmDialog
          danger
          title={text.bulkConfirmDelete(count)}
          text={text.confirmDeleteText}
          confirmLabel={adminText.delete}
          cancelLabel={adminText.cancel}
          busy={bulk.isPending}
          onClose={close}
          onConfirm={() => bulk.mutate({ action: "delete", videoIds: [...selected] })}
        />
      )}
      {open?.kind === "bulk-category" && (
        <ConfirmDialog
          title={text.bulkConfirmCategory(
            count,
            categories.data?.items.find((c) => c.id === bulkCategory)?.name ?? "…",
          )}
          text={text.bulkCategoryText}
          confirmLabel={text.bulkApply}
          cancelLabel={adminText.cancel}
          busy={bulk.isPending}
          onClose={close}
          onConfirm={() => {
            if (bulkCategory)
              bulk.mutate({ action: "category", videoIds: [...selected], categoryId: bulkCategory });
          }}
        >
          <SelectField
            look="field"
            label={text.bulkCategoryPick}
            value={bulkCategory}
            options={[{ value: "", label: "—" }, ...categoryOptions.slice(1)]}
            onChange={setBulkCategory}
          />
        </ConfirmDialog>
      )}
    </section>
  );
}

/** A poster thumbnail; a placeholder when there is none or it fails (spec §2 Statistiques). */
function Poster({ src, title }: { src: string | null; title: string }) {
  const [failed, setFailed] = useState(false);
  return (
    <span className="block aspect-[2/3] w-11 overflow-hidden rounded-md border border-line bg-surface-2">
      {src && !failed ? (
        <img
          src={src}
          alt={title}
          loading="lazy"
          className="size-full object-cover"
          onError={() => setFailed(true)}
        />
      ) : (
        <Film className="m-auto mt-3 size-4 text-subtle" aria-hidden="true" />
      )}
    </span>
  );
}
