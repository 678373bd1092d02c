import type { LucideIcon } from "lucide-react";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { SettingRow } from "#web/components/ui/setting-row.tsx";

/** One section of the settings screen (spec §2 Settings), a landmark-free card with its h2. */
export function SettingsSection({
  icon: Icon,
  title,
  children,
}: {
  icon: LucideIcon;
  title: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-line bg-surface/70 p-5 sm:p-6">
      <h2 id={id} className="flex items-center gap-2.5 text-lg font-bold tracking-tight">
        <span className="grid size-8 place-items-center rounded-lg bg-surface-2 text-accent">
          <Icon className="size-4" aria-hidden="true" />
        </span>
        {title}
      </h2>
      <div className="mt-4 flex flex-col divide-y divide-line">{children}</div>
    </section>
  );
}

/**
 * A setting's row: its name — a `<label>` for a field (`named="for"`), or a paragraph a switch is
 * labelled by (`named="by"`, id `${id}-label`) — its hint, and the control, given the id and the
 * hint's id to be described by.
 */
function SettingField({
  label,
  hint,
  named,
  control,
}: {
  label: string;
  hint?: string | undefined;
  named: "for" | "by";
  control: (id: string, describedBy: string | undefined) => ReactNode;
}) {
  const id = useId();
  return (
    <SettingRow
      title={
        named === "for" ? (
          <label htmlFor={id} className="font-medium">
            {label}
          </label>
        ) : (
          <p id={`${id}-label`} className="font-medium">
            {label}
          </p>
        )
      }
      hint={hint}
      hintId={`${id}-hint`}
      control={control(id, hint ? `${id}-hint` : undefined)}
    />
  );
}

/** An on/off setting: a switch (role="switch") named by its label. */
export function SettingSwitch({
  label,
  hint,
  checked,
  disabled,
  onChange,
}: {
  label: string;
  hint?: string | undefined;
  checked: boolean;
  disabled?: boolean;
  onChange: (next: boolean) => void;
}) {
  return (
    <SettingField
      label={label}
      hint={hint}
      named="by"
      control={(id, describedBy) => (
        <button
          type="button"
          role="switch"
          aria-checked={checked}
          aria-labelledby={`${id}-label`}
          aria-describedby={describedBy}
          disabled={disabled}
          onClick={() => onChange(!checked)}
          className={`relative inline-flex h-7 w-12 shrink-0 items-center self-start rounded-full transition-colors sm:self-center ${
            checked ? "bg-accent" : "bg-surface-3"
          } disabled:opacity-50`}
        >
          <span
            className={`inline-block size-5 rounded-full bg-white shadow transition-transform motion-reduce:transition-none ${
              checked ? "translate-x-6" : "translate-x-1"
            }`}
          />
        </button>
      )}
    />
  );
}

/** A choice among a few values: a native select (keyboard and screen readers for free). */
export function SettingSelect<V extends string | number>({
  label,
  hint,
  value,
  options,
  onChange,
}: {
  label: string;
  hint?: string | undefined;
  value: V;
  options: readonly { value: V; label: string }[];
  onChange: (next: V) => void;
}) {
  return (
    <SettingField
      label={label}
      hint={hint}
      named="for"
      control={(id, describedBy) => (
        <select
          id={id}
          value={String(value)}
          aria-describedby={describedBy}
          onChange={(e) => {
            const picked = options.find((o) => String(o.value) === e.target.value);
            if (picked) onChange(picked.value);
          }}
          className="h-11 w-full shrink-0 rounded-xl border border-line bg-surface-2 px-3 text-fg sm:w-72"
        >
          {options.map((o) => (
            <option key={String(o.value)} value={String(o.value)}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    />
  );
}

/** Volume 0–100 %: follows the thumb at once, saved once the member stops moving it. */
export function SettingVolume({
  label,
  value,
  onCommit,
}: {
  label: string;
  value: number;
  onCommit: (v: number) => void;
}) {
  const [local, setLocal] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => setLocal(value), [value]);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <SettingField
      label={label}
      named="for"
      control={(id) => (
        <div className="flex items-center gap-3 sm:w-72">
          <input
            id={id}
            type="range"
            min={0}
            max={100}
            step={5}
            value={Math.round(local * 100)}
            aria-valuetext={`${Math.round(local * 100)} %`}
            onChange={(e) => {
              const next = Number(e.target.value) / 100;
              setLocal(next);
              clearTimeout(timer.current);
              timer.current = setTimeout(() => onCommit(next), 400);
            }}
            className="w-full accent-[var(--color-accent)]"
          />
          <output htmlFor={id} className="w-12 text-right text-sm tabular-nums text-muted">
            {Math.round(local * 100)}&nbsp;%
          </output>
        </div>
      )}
    />
  );
}

/** A read-only value (username and e-mail: spec §2 Settings). */
export function SettingValue({ label, value, hint }: { label: string; value: string; hint: string }) {
  return (
    <SettingRow
      title={<p className="font-medium">{label}</p>}
      hint={hint}
      control={<p className="truncate font-medium text-fg/90 sm:max-w-[60%]">{value}</p>}
    />
  );
}
