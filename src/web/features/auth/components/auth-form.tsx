import type { FormEvent, ReactNode } from "react";
import { FormAlert } from "#web/components/ui/form-alert.tsx";

/**
 * An account screen's form (spec §2 Login, Register, Reset password): the browser's own checks off
 * (the contract's French messages instead, spec §5), one alert about the whole form above the
 * fields, busy while it is sent.
 */
export function AuthForm({
  onSubmit,
  busy,
  alert,
  alertId,
  children,
}: {
  onSubmit: (event: FormEvent) => void;
  busy: boolean;
  alert: ReactNode;
  alertId?: string;
  children: ReactNode;
}) {
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5" aria-busy={busy}>
      <FormAlert id={alertId}>{alert}</FormAlert>
      {children}
    </form>
  );
}
