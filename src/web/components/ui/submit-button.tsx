import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { buttonStyles } from "./button-styles.ts";
import { Spinner } from "./spinner.tsx";

/**
 * A form's main button: large, its icon turning into a spinner and the button disabled while the
 * form is `busy` (DESIGN.md: a spinner only for short work). `iconAfter` puts the icon after the
 * label (a step forward, as « Continuer »).
 */
export function SubmitButton({
  busy,
  icon: Icon,
  iconAfter = false,
  className,
  children,
}: {
  busy: boolean;
  icon: LucideIcon;
  iconAfter?: boolean;
  className: string;
  children: ReactNode;
}) {
  const mark = busy ? <Spinner className="size-5" /> : <Icon aria-hidden="true" />;
  return (
    <button type="submit" className={`${buttonStyles({ size: "lg" })} ${className}`} disabled={busy}>
      {!iconAfter && mark}
      {children}
      {iconAfter && mark}
    </button>
  );
}
