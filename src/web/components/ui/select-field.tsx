import { useId } from "react";

const looks = {
  /** A rounded pill with its label beside it: the sort of a list (Ma liste, Historique). */
  pill: {
    box: "flex items-center gap-3",
    label: "text-sm font-medium text-muted",
    select:
      "h-10 rounded-full border border-white/15 bg-surface px-4 pr-9 text-sm font-semibold text-fg outline-none transition-colors hover:border-white/30 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent",
  },
  /** A form field with its label above: the Explorer's filters. */
  field: {
    box: "",
    label: "mb-1.5 block text-sm font-medium text-fg/90",
    select:
      "h-11 w-full rounded-xl border border-white/15 bg-surface-2 px-3 text-[0.95rem] text-fg transition-[border-color,box-shadow] hover:border-white/30 focus:border-accent focus:outline-none focus-visible:shadow-[0_0_0_3px_color-mix(in_oklab,var(--color-accent)_28%,transparent)]",
  },
} as const;

/** The look of the Explorer's other fields, so they line up with its selects. */
export const fieldClass = looks.field.select;
export const fieldLabelClass = looks.field.label;

/**
 * A labelled native select (keyboard and screen readers for free): the sorts of Ma liste,
 * Historique, Explorer and Recherche, the Explorer's language. `value`s keep their type.
 */
export function SelectField<V extends string | number>({
  label,
  value,
  options,
  onChange,
  look = "pill",
  className = "",
}: {
  label: string;
  value: V;
  options: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
  look?: keyof typeof looks;
  className?: string;
}) {
  const id = useId();
  const style = looks[look];
  return (
    <div className={`${style.box} ${className}`}>
      <label htmlFor={id} className={style.label}>
        {label}
      </label>
      <select
        id={id}
        value={String(value)}
        onChange={(event) => {
          const picked = options.find((option) => String(option.value) === event.target.value);
          if (picked) onChange(picked.value);
        }}
        className={style.select}
      >
        {options.map((option) => (
          <option key={String(option.value)} value={String(option.value)}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
