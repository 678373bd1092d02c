import { useQuery } from "@tanstack/react-query";
import { RotateCcw, SlidersHorizontal } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { filterLanguages, type VideoSort, videoSorts, YEAR_FILTER_MIN } from "#contract/catalogue";
import { buttonStyles } from "#web/components/ui/button-styles.ts";
import { fr } from "#web/i18n/fr.ts";
import { formatRating } from "#web/lib/format.ts";
import { categoriesOptions } from "../api/discovery-queries.ts";
import { type DiscoveryState, RATING_MAX, RATING_MIN } from "../discovery-params.ts";

const fieldClass =
  "h-11 w-full rounded-xl border border-white/15 bg-surface-2 px-3 text-[0.95rem] text-fg transition-colors hover:border-white/30 focus:border-accent/70 focus:outline-none";
const labelClass = "mb-1.5 block text-sm font-semibold text-fg/85";

export function SortSelect({
  value,
  onChange,
  className = "",
}: {
  value: VideoSort;
  onChange: (sort: VideoSort) => void;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClass}>
        {fr.discovery.sortLabel}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as VideoSort)}
        className={fieldClass}
      >
        {videoSorts.map((sort) => (
          <option key={sort} value={sort}>
            {fr.discovery.sorts[sort]}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A year box: the filter follows once the text is a valid year (1900..this year) or empty. */
function YearInput({
  label,
  value,
  onChange,
}: {
  label: string;
  value: number | undefined;
  onChange: (year: number | undefined) => void;
}) {
  const id = useId();
  const max = new Date().getFullYear();
  const [text, setText] = useState(value === undefined ? "" : String(value));
  useEffect(() => {
    setText((current) =>
      current === (value === undefined ? "" : String(value))
        ? current
        : value === undefined
          ? ""
          : String(value),
    );
  }, [value]);
  const valid = (t: string) => /^\d{4}$/.test(t) && Number(t) >= YEAR_FILTER_MIN && Number(t) <= max;
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={YEAR_FILTER_MIN}
        max={max}
        step={1}
        placeholder={label === fr.discovery.yearMin ? String(YEAR_FILTER_MIN) : String(max)}
        value={text}
        onChange={(event) => {
          const next = event.target.value;
          setText(next);
          if (next === "") onChange(undefined);
          else if (valid(next)) onChange(Number(next));
        }}
        onBlur={() => {
          if (text !== "" && !valid(text)) setText(value === undefined ? "" : String(value));
        }}
        className={`${fieldClass} tabular-nums`}
      />
    </div>
  );
}

function RatingRange({
  min,
  max,
  onChange,
}: {
  min: number;
  max: number;
  onChange: (range: { ratingMin: number; ratingMax: number }) => void;
}) {
  const minId = useId();
  const maxId = useId();
  const range = "w-full accent-[var(--color-accent)] cursor-pointer";
  return (
    <fieldset>
      <legend className={labelClass}>
        {fr.discovery.rating}{" "}
        <span className="font-normal text-muted tabular-nums">
          {formatRating(min)} – {formatRating(max)}
        </span>
      </legend>
      <div className="grid gap-2">
        <label htmlFor={minId} className="flex items-center gap-3 text-sm text-muted">
          <span className="w-20 shrink-0 whitespace-nowrap">{fr.discovery.ratingMin}</span>
          <input
            id={minId}
            type="range"
            min={RATING_MIN}
            max={RATING_MAX}
            step={0.5}
            value={min}
            aria-valuetext={formatRating(min)}
            onChange={(event) => {
              const value = Number(event.target.value);
              onChange({ ratingMin: value, ratingMax: Math.max(value, max) });
            }}
            className={range}
          />
        </label>
        <label htmlFor={maxId} className="flex items-center gap-3 text-sm text-muted">
          <span className="w-20 shrink-0 whitespace-nowrap">{fr.discovery.ratingMax}</span>
          <input
            id={maxId}
            type="range"
            min={RATING_MIN}
            max={RATING_MAX}
            step={0.5}
            value={max}
            aria-valuetext={formatRating(max)}
            onChange={(event) => {
              const value = Number(event.target.value);
              onChange({ ratingMin: Math.min(min, value), ratingMax: value });
            }}
            className={range}
          />
        </label>
      </div>
    </fieldset>
  );
}

/** spec §2 Explore: the Filtres panel (categories, language, years, sort, rating range). */
export function FiltersPanel({
  id,
  state,
  update,
  activeCount,
  onClear,
}: {
  id: string;
  state: DiscoveryState;
  update: (next: Partial<DiscoveryState>) => void;
  activeCount: number;
  onClear: () => void;
}) {
  const categories = useQuery(categoriesOptions());
  const langId = useId();
  const toggle = (name: string, checked: boolean) =>
    update({
      categories: checked ? [...state.categories, name] : state.categories.filter((c) => c !== name),
    });
  return (
    <div id={id} className="mb-8 rounded-2xl border border-line bg-surface/70 p-5 sm:p-6">
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]">
        <fieldset className="min-w-0">
          <legend className={labelClass}>{fr.discovery.categories}</legend>
          <ul className="flex flex-wrap gap-2">
            {(categories.data?.items ?? []).map((category) => {
              const checked = state.categories.includes(category.name);
              return (
                <li key={category.id}>
                  <label
                    className={`inline-flex cursor-pointer items-center gap-2 rounded-full border px-3 py-1.5 text-sm transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent ${
                      checked
                        ? "border-accent/70 bg-accent/15 text-fg"
                        : "border-white/15 text-fg/80 hover:border-white/35"
                    }`}
                  >
                    <input
                      type="checkbox"
                      checked={checked}
                      onChange={(event) => toggle(category.name, event.target.checked)}
                      className="size-4 accent-[var(--color-accent)]"
                    />
                    {category.name}
                    <span className="text-xs text-muted tabular-nums">{category.videoCount}</span>
                  </label>
                </li>
              );
            })}
          </ul>
        </fieldset>
        <div className="grid content-start gap-4">
          <div>
            <label htmlFor={langId} className={labelClass}>
              {fr.discovery.language}
            </label>
            <select
              id={langId}
              value={state.language ?? ""}
              onChange={(event) =>
                update({ language: (event.target.value || undefined) as DiscoveryState["language"] })
              }
              className={fieldClass}
            >
              <option value="">{fr.discovery.allLanguages}</option>
              {filterLanguages.map((lang) => (
                <option key={lang} value={lang}>
                  {fr.discovery.languages[lang]}
                </option>
              ))}
            </select>
          </div>
          <div className="grid grid-cols-2 gap-3">
            <YearInput
              label={fr.discovery.yearMin}
              value={state.yearMin}
              onChange={(yearMin) => update({ yearMin })}
            />
            <YearInput
              label={fr.discovery.yearMax}
              value={state.yearMax}
              onChange={(yearMax) => update({ yearMax })}
            />
          </div>
        </div>
        <div className="grid content-start gap-4">
          <SortSelect value={state.sort} onChange={(sort) => update({ sort })} />
          <RatingRange min={state.ratingMin} max={state.ratingMax} onChange={(range) => update(range)} />
        </div>
      </div>
      <div className="mt-6 flex justify-end border-t border-white/8 pt-4">
        <button
          type="button"
          className={buttonStyles({ variant: "ghost", size: "sm" })}
          disabled={activeCount === 0}
          onClick={onClear}
        >
          <RotateCcw aria-hidden="true" />
          {fr.discovery.clearFilters}
        </button>
      </div>
    </div>
  );
}

export function FiltersToggle({
  open,
  controls,
  activeCount,
  onToggle,
}: {
  open: boolean;
  controls: string;
  activeCount: number;
  onToggle: () => void;
}) {
  return (
    <button
      type="button"
      aria-expanded={open}
      aria-controls={controls}
      onClick={onToggle}
      className={buttonStyles({ variant: open ? "secondary" : "outline" })}
    >
      <SlidersHorizontal aria-hidden="true" />
      {fr.discovery.filters}
      {activeCount > 0 && (
        <span className="grid min-w-6 place-items-center rounded-full bg-accent px-1.5 text-xs font-bold text-on-accent tabular-nums">
          <span aria-hidden="true">{activeCount}</span>
          <span className="sr-only">{fr.discovery.activeFilters(activeCount)}</span>
        </span>
      )}
    </button>
  );
}
