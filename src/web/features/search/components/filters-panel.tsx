import { RotateCcw, SlidersHorizontal } from "lucide-react";
import { useEffect, useId, useState } from "react";
import {
  type Category,
  type FilterLanguage,
  filterLanguages,
  type VideoSort,
  videoSorts,
  YEAR_FILTER_MIN,
} from "#contract/catalogue";
import { buttonStyles } from "#web/components/ui/button-styles.ts";
import { fieldClass, fieldLabelClass, SelectField } from "#web/components/ui/select-field.tsx";
import { discoveryText } from "#web/i18n/search.ts";
import { formatRating } from "#web/lib/format.ts";
import { useAddressEchoes } from "#web/lib/use-address-echoes.ts";
import { type DiscoveryState, RATING_MAX, RATING_MIN } from "../lib/discovery-params.ts";

const labelClass = fieldLabelClass;

/** Every language of spec §9, after « Toutes les langues » (no filter). */
const languageOptions: readonly { value: FilterLanguage | ""; label: string }[] = [
  { value: "", label: discoveryText.allLanguages },
  ...filterLanguages.map((lang) => ({ value: lang, label: discoveryText.languages[lang] })),
];

/** spec §2 Explore and Search: the sort (relevance, recent, title, year, rating, views). */
export function SortSelect({
  value,
  onChange,
  className = "",
}: {
  value: VideoSort;
  onChange: (sort: VideoSort) => void;
  className?: string;
}) {
  return (
    <SelectField
      look="field"
      label={discoveryText.sortLabel}
      value={value}
      options={videoSorts.map((sort) => ({ value: sort, label: discoveryText.sorts[sort] }))}
      onChange={onChange}
      className={className}
    />
  );
}

const validYear = (text: string, max: number) =>
  /^\d{4}$/.test(text) && Number(text) >= YEAR_FILTER_MIN && Number(text) <= max;

/**
 * A year box: the filter follows once the text is a valid year (1900..this year) or empty. A
 * four-figure year outside that range (spec §5) stays in the box, is not applied, and the box
 * says why next to it.
 */
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
  const errorId = useId();
  const max = new Date().getFullYear();
  const valid = (t: string) => validYear(t, max);
  const [text, setText] = useState(value === undefined ? "" : String(value));
  const [left, setLeft] = useState(false);
  // The address can answer « 2020 » after the reader has typed « 1800 »: that late echo must not
  // put « 2020 » back in the box, nor the next one empty it (use-address-echoes.ts).
  const echoes = useAddressEchoes<number | undefined>();
  const send = (year: number | undefined) => {
    // Sending what the address already holds changes nothing there: no echo will come.
    if (year !== value || echoes.waiting()) echoes.sent(year);
    onChange(year);
  };
  useEffect(() => {
    if (echoes.isEcho(value)) return;
    // The URL changed (back, « Effacer les filtres »): show its year; an out-of-range entry,
    // which the URL never holds, stays until then.
    setText((current) => {
      if (value !== undefined) return current === String(value) ? current : String(value);
      return current !== "" && !validYear(current, new Date().getFullYear()) ? current : "";
    });
  }, [value, echoes]);
  const wrong = text !== "" && !valid(text) && (left || text.length >= 4);
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
        placeholder={label === discoveryText.yearMin ? String(YEAR_FILTER_MIN) : String(max)}
        value={text}
        aria-invalid={wrong || undefined}
        aria-describedby={wrong ? errorId : undefined}
        onChange={(event) => {
          const next = event.target.value;
          setText(next);
          setLeft(false);
          if (next === "") send(undefined);
          else if (valid(next)) send(Number(next));
          else if (next.length >= 4) send(undefined);
        }}
        onBlur={() => setLeft(true)}
        className={`${fieldClass} tabular-nums ${wrong ? "border-danger!" : ""}`}
      />
      {wrong && (
        <p id={errorId} className="mt-1.5 text-xs text-danger">
          {discoveryText.yearOutOfRange(String(YEAR_FILTER_MIN), String(max))}
        </p>
      )}
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
  return (
    <fieldset>
      <legend className={labelClass}>
        {discoveryText.rating}{" "}
        <span className="font-normal text-muted tabular-nums">
          {formatRating(min)} – {formatRating(max)}
        </span>
      </legend>
      <div className="grid gap-2">
        <RatingSlider
          label={discoveryText.ratingMin}
          value={min}
          onChange={(value) => onChange({ ratingMin: value, ratingMax: Math.max(value, max) })}
        />
        <RatingSlider
          label={discoveryText.ratingMax}
          value={max}
          onChange={(value) => onChange({ ratingMin: Math.min(min, value), ratingMax: value })}
        />
      </div>
    </fieldset>
  );
}

/** One end of the rating range: a slider by half stars, named by its label. */
function RatingSlider({
  label,
  value,
  onChange,
}: {
  label: string;
  value: number;
  onChange: (value: number) => void;
}) {
  const id = useId();
  return (
    <label htmlFor={id} className="flex items-center gap-3 text-sm text-muted">
      <span className="w-20 shrink-0 whitespace-nowrap">{label}</span>
      <input
        id={id}
        type="range"
        min={RATING_MIN}
        max={RATING_MAX}
        step={0.5}
        value={value}
        aria-valuetext={formatRating(value)}
        onChange={(event) => onChange(Number(event.target.value))}
        className="w-full accent-[var(--color-accent)] cursor-pointer"
      />
    </label>
  );
}

/** spec §2 Explore: the Filtres panel (categories, language, years, sort, rating range). */
export function FiltersPanel({
  id,
  state,
  categories,
  update,
  activeCount,
  onClear,
  withSort = true,
}: {
  id: string;
  state: DiscoveryState;
  /** The catalogue's categories (the screen reads them: docs/decisions/010). */
  categories: readonly Category[] | undefined;
  update: (next: Partial<DiscoveryState>) => void;
  activeCount: number;
  onClear: () => void;
  /** The sort is here unless the screen shows it beside the results (the search page). */
  withSort?: boolean;
}) {
  // Clearing empties the year boxes too, even one holding an entry that was never applied.
  const [cleared, setCleared] = useState(0);
  const toggle = (name: string, checked: boolean) =>
    update({
      categories: checked ? [...state.categories, name] : state.categories.filter((c) => c !== name),
    });
  return (
    <div id={id} className="mb-8 rounded-2xl border border-line bg-surface/70 p-5 sm:p-6">
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]">
        <fieldset className="min-w-0">
          <legend className={labelClass}>{discoveryText.categories}</legend>
          <ul className="flex flex-wrap gap-2">
            {(categories ?? []).map((category) => {
              const checked = state.categories.includes(category.name);
              return (
                <li key={category.id}>
                  <label
                    className={`inline-flex max-w-full cursor-pointer items-center gap-2 rounded-full border px-3 py-1.5 text-sm wrap-anywhere transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent ${
                      checked
                        ? "border-accent/70 bg-accent/15 text-fg"
                        : "border-white/15 text-fg/80 hover:border-white/35"
                    }`}
                  >
                    <input
                      type="checkbox"
                      checked={checked}
                      onChange={(event) => toggle(category.name, event.target.checked)}
                      className="size-4 shrink-0 accent-[var(--color-accent)]"
                    />
                    <span className="min-w-0">{category.name}</span>
                    <span className="text-xs text-muted tabular-nums">{category.videoCount}</span>
                  </label>
                </li>
              );
            })}
          </ul>
        </fieldset>
        <div className="grid content-start gap-4">
          <SelectField
            look="field"
            label={discoveryText.language}
            value={state.language ?? ""}
            options={languageOptions}
            onChange={(language) => update({ language: language || undefined })}
          />
          <div key={cleared} className="grid grid-cols-2 gap-3">
            <YearInput
              label={discoveryText.yearMin}
              value={state.yearMin}
              onChange={(yearMin) => update({ yearMin })}
            />
            <YearInput
              label={discoveryText.yearMax}
              value={state.yearMax}
              onChange={(yearMax) => update({ yearMax })}
            />
          </div>
        </div>
        <div className="grid content-start gap-4">
          {withSort && <SortSelect value={state.sort} onChange={(sort) => update({ sort })} />}
          <RatingRange min={state.ratingMin} max={state.ratingMax} onChange={(range) => update(range)} />
        </div>
      </div>
      <div className="mt-6 flex justify-end border-t border-white/8 pt-4">
        <button
          type="button"
          className={buttonStyles({ variant: "ghost", size: "sm" })}
          disabled={activeCount === 0}
          onClick={() => {
            setCleared((n) => n + 1);
            onClear();
          }}
        >
          <RotateCcw aria-hidden="true" />
          {discoveryText.clearFilters}
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
      {discoveryText.filters}
      {activeCount > 0 && (
        <span className="grid min-w-6 place-items-center rounded-full bg-accent px-1.5 text-xs font-bold text-on-accent tabular-nums">
          <span aria-hidden="true">{activeCount}</span>
          <span className="sr-only">{discoveryText.activeFilters(activeCount)}</span>
        </span>
      )}
    </button>
  );
}
