import { CircleAlert, CircleCheck } from "lucide-react";
import type { ReactNode } from "react";

/**
 * A message about a whole form. Errors use role="alert" (read at once); successes role="status".
 * The element stays mounted empty so that screen readers pick up the text when it appears.
 */
export function FormAlert({
  id,
  tone = "error",
  children,
}: {
  id?: string;
  tone?: "error" | "success";
  children?: ReactNode;
}) {
  const Icon = tone === "error" ? CircleAlert : CircleCheck;
  return (
    // Empty, it is taken out of the flow (no gap in a flex form) but stays in the page, live.
    <div id={id} role={tone === "error" ? "alert" : "status"} className="empty:absolute">
      {children ? (
        <p
          className={`flex items-start gap-2.5 rounded-xl border px-4 py-3 text-sm ${
            tone === "error"
              ? "border-danger/35 bg-danger/10 text-red-200"
              : "border-emerald-400/30 bg-emerald-400/10 text-emerald-100"
          }`}
        >
          <Icon
            className={`mt-px size-[1.1rem] shrink-0 ${tone === "error" ? "text-danger" : "text-emerald-300"}`}
            aria-hidden="true"
          />
          <span>{children}</span>
        </p>
      ) : null}
    </div>
  );
}
