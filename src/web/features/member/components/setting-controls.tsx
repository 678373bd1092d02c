import type { LucideIcon } from "lucide-react";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";

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

function Row({ children }: { children: ReactNode }) {
  return (
    <div className="flex flex-col gap-3 py-4 first:pt-1 last:pb-0 sm:flex-row sm:items-center sm:justify-between">
      {children}
    </div>
  );
}

function RowText({
  id,
  label,
  hint,
  hintId,
}: {
  id?: string;
  label: string;
  hint?: string | undefined;
  hintId?: string;
}) {
  return (
    <div className="min-w-0">
      <p id={id} className="font-medium">
        {label}
      </p>
      {hint && (
        <p id={hintId} className="mt-0.5 text-sm text-muted">
          {hint}
        </p>
      )}
    </div>
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
  const id = useId();
  return (
    <Row>
      <RowText id={`${id}-label`} label={label} hint={hint} hintId={`${id}-hint`} />
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={`${id}-label`}
        aria-describedby={hint ? `${id}-hint` : undefined}
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
    </Row>
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
  const id = useId();
  return (
    <Row>
      <div className="min-w-0">
        <label htmlFor={id} className="font-medium">
          {label}
        </label>
        {hint && (
          <p id={`${id}-hint`} className="mt-0.5 text-sm text-muted">
            {hint}
          </p>
        )}
      </div>
      <select
        id={id}
        value={String(value)}
        aria-describedby={hint ? `${id}-hint` : undefined}
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
    </Row>
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
  const id = useId();
  const [local, setLocal] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => setLocal(value), [value]);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <Row>
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
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
    </Row>
  );
}

/** A read-only value (username and e-mail: spec §2 Settings). */
export function SettingValue({ label, value, hint }: { label: string; value: string; hint: string }) {
  return (
    <Row>
      <RowText label={label} hint={hint} />
      <p className="truncate font-medium text-fg/90 sm:max-w-[60%]">{value}</p>
    </Row>
  );
}
