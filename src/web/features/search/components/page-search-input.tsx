import { Search, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { fr } from "#web/i18n/fr.ts";
import { useDebounced } from "../use-debounced.ts";

/** The page's search box: the URL follows 300 ms after typing stops (spec §5), and the box follows the URL. */
export function PageSearchInput({ value, onChange }: { value: string; onChange: (q: string) => void }) {
  const [text, setText] = useState(value);
  const debounced = useDebounced(text);
  const pushed = useRef(value);
  const inputId = useId();

  useEffect(() => {
    if (value !== pushed.current) {
      pushed.current = value;
      setText(value);
    }
  }, [value]);

  useEffect(() => {
    if (debounced === pushed.current) return;
    pushed.current = debounced;
    onChange(debounced);
  }, [debounced, onChange]);

  return (
    <search className="relative w-full max-w-xl">
      <label htmlFor={inputId} className="sr-only">
        {fr.discovery.searchLabel}
      </label>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-4 z-10 size-5 -translate-y-1/2 text-muted"
      />
      <input
        id={inputId}
        type="search"
        autoComplete="off"
        placeholder={fr.discovery.searchLabel}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Enter") {
            pushed.current = text;
            onChange(text);
          }
        }}
        className="h-12 w-full rounded-full border border-white/15 bg-surface/80 pr-11 pl-12 text-base text-fg transition-colors placeholder:text-fg/55 hover:border-white/30 focus:border-accent/70 focus:outline-none [&::-webkit-search-cancel-button]:hidden"
      />
      {text && (
        <button
          type="button"
          aria-label={fr.discovery.clearQuery}
          onClick={() => {
            setText("");
            pushed.current = "";
            onChange("");
          }}
          className="absolute top-1/2 right-2 grid size-8 -translate-y-1/2 place-items-center rounded-full text-muted hover:bg-white/10 hover:text-fg"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      )}
    </search>
  );
}
