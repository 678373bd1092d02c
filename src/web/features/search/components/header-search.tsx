import { useQuery } from "@tanstack/react-query";
import { Search } from "lucide-react";
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { SEARCH_MAX_LENGTH } from "#contract/catalogue";
import { discoveryText } from "#web/i18n/search.ts";
import { useDebounced } from "#web/lib/use-debounced.ts";
import { suggestionsOptions } from "../api/discovery-queries.ts";
import { effectiveQuery } from "../lib/discovery-params.ts";
import { ClearTextButton } from "./clear-text-button.tsx";

const searchUrl = (q: string) => `/search?q=${encodeURIComponent(q.trim())}`;

/**
 * spec §2 Header search box (ARIA combobox pattern): debounced 300 ms, up to 5 suggestions
 * (thumbnail, title, category) leading to /video/{id}, then 'Voir tous les résultats'
 * (/search?q=). Arrow keys move, Enter opens, Escape closes. `variant="panel"` is the mobile nav's.
 */
export function HeaderSearch({ variant = "bar" }: { variant?: "bar" | "panel" }) {
  const [text, setText] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const rootRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const listId = useId();
  const optionId = (i: number) => `${listId}-opt-${i}`;
  const navigate = useNavigate();
  const { pathname, search } = useLocation();

  const debounced = useDebounced(text);
  const query = effectiveQuery(debounced);
  const suggestions = useQuery({ ...suggestionsOptions(query ?? ""), enabled: query !== undefined });
  const items = query !== undefined ? (suggestions.data?.items ?? []) : [];
  const showList = open && effectiveQuery(text) !== undefined;
  // Options: the suggestions, then 'Voir tous les résultats'.
  const optionCount = items.length + 1;

  // A navigation closes the list.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on purpose when the location changes
  useEffect(() => {
    setOpen(false);
    setActive(-1);
  }, [pathname, search]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);

  const choose = (index: number) => {
    const item = items[index];
    setOpen(false);
    if (item) {
      setText("");
      void navigate(`/video/${item.id}`);
    } else if (effectiveQuery(text) !== undefined) {
      void navigate(searchUrl(text));
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (!showList) {
        setOpen(true);
        return;
      }
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((i) => {
        const next = i + step;
        if (next >= optionCount) return -1;
        return next < -1 ? optionCount - 1 : next;
      });
    } else if (event.key === "Enter") {
      event.preventDefault();
      if (showList && active >= 0) choose(active);
      else if (effectiveQuery(text) !== undefined) {
        setOpen(false);
        void navigate(searchUrl(text));
      }
    } else if (event.key === "Escape") {
      if (showList) {
        event.preventDefault();
        setOpen(false);
        setActive(-1);
      } else if (text) {
        setText("");
      }
    }
  };

  const panel = variant === "panel";
  return (
    <div ref={rootRef} className={`relative ${panel ? "w-full" : "w-64 2xl:w-72"}`}>
      <label htmlFor={`${listId}-input`} className="sr-only">
        {discoveryText.searchLabel}
      </label>
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 z-10 size-4 -translate-y-1/2 text-muted"
        />
        <input
          ref={inputRef}
          id={`${listId}-input`}
          type="search"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          maxLength={SEARCH_MAX_LENGTH}
          aria-autocomplete="list"
          aria-expanded={showList}
          aria-controls={listId}
          aria-activedescendant={showList && active >= 0 ? optionId(active) : undefined}
          placeholder={discoveryText.searchPlaceholder}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => setOpen(true)}
          onKeyDown={onKeyDown}
          className={`w-full rounded-full border border-white/15 bg-bg/40 pr-9 pl-9 text-[0.95rem] text-fg backdrop-blur-md transition-[border-color,box-shadow,background-color] placeholder:text-fg/55 hover:border-white/30 focus:border-accent focus:bg-bg/85 focus:outline-none focus-visible:shadow-[0_0_0_3px_color-mix(in_oklab,var(--color-accent)_28%,transparent)] [&::-webkit-search-cancel-button]:hidden ${panel ? "h-12" : "h-10"}`}
        />
        {text && (
          <ClearTextButton
            className="right-1.5 size-7"
            onClear={() => {
              setText("");
              inputRef.current?.focus();
            }}
          />
        )}
      </div>
      <div
        className={`${showList ? "" : "hidden"} ${
          panel ? "mt-2" : "absolute top-full right-0 mt-2 w-[22rem] max-w-[calc(100vw-2.5rem)]"
        } z-50 overflow-hidden rounded-2xl border border-white/10 bg-surface/98 shadow-2xl backdrop-blur-xl`}
      >
        {query !== undefined && suggestions.isSuccess && items.length === 0 && (
          <p className="px-4 pt-3 pb-1 text-sm text-muted">{discoveryText.noSuggestion}</p>
        )}
        <div id={listId} role="listbox" aria-label={discoveryText.suggestionsLabel} className="py-1.5">
          {items.map((item, index) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keys (aria-activedescendant)
            <div
              key={item.id}
              tabIndex={-1}
              id={optionId(index)}
              role="option"
              aria-selected={active === index}
              onPointerDown={(event) => event.preventDefault()}
              onClick={() => choose(index)}
              onPointerMove={() => setActive(index)}
              className={`flex cursor-pointer items-center gap-3 px-3 py-2 ${active === index ? "bg-white/10" : ""}`}
            >
              {item.thumbnail ? (
                <img
                  src={item.thumbnail}
                  alt=""
                  width={40}
                  height={60}
                  className="h-15 w-10 shrink-0 rounded-md bg-surface-2 object-cover"
                />
              ) : (
                <span aria-hidden="true" className="h-15 w-10 shrink-0 rounded-md bg-surface-2" />
              )}
              <span className="min-w-0">
                <span className="block truncate font-semibold text-fg">{item.title}</span>
                {item.category && <span className="block truncate text-sm text-muted">{item.category}</span>}
              </span>
            </div>
          ))}
          {/* biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keys (aria-activedescendant) */}
          <div
            id={optionId(items.length)}
            tabIndex={-1}
            role="option"
            aria-selected={active === items.length}
            onPointerDown={(event) => event.preventDefault()}
            onClick={() => choose(items.length)}
            onPointerMove={() => setActive(items.length)}
            className={`mx-1.5 mt-1 cursor-pointer rounded-xl border-t border-white/8 px-3 py-2.5 text-sm font-semibold text-accent ${
              active === items.length ? "bg-white/10" : ""
            }`}
          >
            {discoveryText.seeAll}
          </div>
        </div>
      </div>
      <p className="sr-only" aria-live="polite">
        {showList && query !== undefined && !suggestions.isFetching
          ? items.length > 0
            ? `${items.length} ${discoveryText.suggestionsLabel.toLowerCase()}`
            : discoveryText.noSuggestion
          : ""}
      </p>
    </div>
  );
}
