import { X } from "lucide-react";
import type { Ref } from "react";

/** The round × that closes a dialog or a panel, named in French by `label`; `className` places it. */
export function CloseButton({
  label,
  onClick,
  className,
  ref,
}: {
  label: string;
  onClick: () => void;
  className: string;
  ref?: Ref<HTMLButtonElement>;
}) {
  return (
    <button
      ref={ref}
      type="button"
      onClick={onClick}
      aria-label={label}
      className={`grid place-items-center rounded-full ${className}`}
    >
      <X className="size-5" aria-hidden="true" />
    </button>
  );
}
