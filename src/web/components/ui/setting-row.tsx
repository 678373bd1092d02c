import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

/**
 * One row of a settings card (spec §2 Settings): what it is (an element the caller chooses — a
 * label for a field, a heading for an action), an optional hint under it, and the control on the
 * right (under it on a phone).
 */
export function SettingRow({
  icon: Icon,
  title,
  hint,
  hintId,
  control,
}: {
  icon?: LucideIcon | undefined;
  title: ReactNode;
  hint?: string | undefined;
  hintId?: string | undefined;
  control: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-3 py-4 first:pt-1 last:pb-0 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 gap-3">
        {Icon && <Icon className="mt-0.5 size-5 shrink-0 text-muted" aria-hidden="true" />}
        <div className="min-w-0">
          {title}
          {hint && (
            <p id={hintId} className="mt-0.5 text-sm text-muted">
              {hint}
            </p>
          )}
        </div>
      </div>
      {control}
    </div>
  );
}
