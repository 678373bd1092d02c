import { Search } from "lucide-react";
import { useId } from "react";
import { fieldClass, fieldLabelClass } from "./select-field.tsx";

/**
 * The labelled search box of an administration tab (videos, members, notifications, journal): a
 * magnifier inside the field, 100 characters at most (the contract's search text). `onChange`
 * gets the raw text; the tab debounces it and goes back to its first page.
 */
export function SearchField({
  label,
  placeholder,
  value,
  onChange,
  className = "min-w-0 flex-1 basis-56",
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className={fieldLabelClass}>
        {label}
      </label>
      <div className="relative">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted"
          aria-hidden="true"
        />
        <input
          id={id}
          type="search"
          value={value}
          maxLength={100}
          placeholder={placeholder}
          className={`${fieldClass} pl-9`}
          onChange={(e) => onChange(e.target.value)}
        />
      </div>
    </div>
  );
}
