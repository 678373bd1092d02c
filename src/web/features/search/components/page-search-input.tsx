import { Search } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { discoveryText } from "#web/i18n/search.ts";
import { useAddressEchoes } from "#web/lib/use-address-echoes.ts";
import { useDebounced } from "#web/lib/use-debounced.ts";
import { ClearTextButton } from "./clear-text-button.tsx";

/** The page's search box: the URL follows 300 ms after typing stops (spec §5), and the box follows the URL. */
export function PageSearchInput({ value, onChange }: { value: string; onChange: (q: string) => void }) {
  const [text, setText] = useState(value);
  const debounced = useDebounced(text);
  const pushed = useRef(value);
  // An older query given back late by the address must not replace what the reader typed since.
  const echoes = useAddressEchoes<string>();
  const inputId = useId();

  useEffect(() => {
    if (echoes.isEcho(value)) return;
    if (value !== pushed.current) {
      pushed.current = value;
      setText(value);
    }
  }, [value, echoes]);

  useEffect(() => {
    if (debounced === pushed.current) return;
    pushed.current = debounced;
    echoes.sent(debounced);
    onChange(debounced);
  }, [debounced, onChange, echoes]);

  return (
    <search className="relative w-full max-w-xl">
      <label htmlFor={inputId} className="sr-only">
        {discoveryText.searchLabel}
      </label>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-4 z-10 size-5 -translate-y-1/2 text-muted"
      />
      <input
        id={inputId}
        type="search"
        autoComplete="off"
        placeholder={discoveryText.searchLabel}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Enter") {
            pushed.current = text;
            onChange(text);
          }
        }}
        className="h-12 w-full rounded-full border border-white/15 bg-surface/80 pr-11 pl-12 text-base text-fg transition-[border-color,box-shadow] placeholder:text-fg/55 hover:border-white/30 focus:border-accent focus:outline-none focus-visible:shadow-[0_0_0_3px_color-mix(in_oklab,var(--color-accent)_28%,transparent)] [&::-webkit-search-cancel-button]:hidden"
      />
      {text && (
        <ClearTextButton
          className="right-2 size-8"
          onClear={() => {
            setText("");
            pushed.current = "";
            onChange("");
            // The × leaves with the text: the focus goes back to the field, not to the page.
            document.getElementById(inputId)?.focus();
          }}
        />
      )}
    </search>
  );
}
