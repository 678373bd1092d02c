import { ArrowLeft, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { MessageLines } from "#web/components/ui/state-message.tsx";
import { playerText } from "#web/i18n/player.ts";
import { useGoBack } from "#web/lib/use-go-back.ts";

/**
 * The player's full-screen states (spec §2 Player: loading, error, not found; subscription guard:
 * login-required screen or paywall). Always with a way back.
 */
export function PlayerMessage({
  icon,
  title,
  text,
  alert = false,
  top = false,
  children,
}: {
  icon: LucideIcon;
  title: string;
  text?: string;
  alert?: boolean;
  /** Held at the top rather than centred: what loads below it (the paywall's plans) moves nothing. */
  top?: boolean;
  children?: ReactNode;
}) {
  const goBack = useGoBack();
  return (
    <div
      className={`scheme-dark relative flex min-h-dvh justify-center bg-black px-5 py-20 text-fg ${top ? "items-start" : "items-center"}`}
    >
      <button
        type="button"
        onClick={goBack}
        className="absolute top-4 left-4 inline-flex h-11 items-center gap-2 rounded-full px-4 font-semibold text-fg/90 hover:bg-white/10"
      >
        <ArrowLeft className="size-5" aria-hidden="true" />
        {playerText.back}
      </button>
      <div
        role={alert ? "alert" : undefined}
        className="flex w-full max-w-3xl flex-col items-center text-center"
      >
        <MessageLines
          icon={icon}
          title={title}
          text={text}
          heading="h1"
          titleClassName="text-2xl sm:text-3xl"
        />
        {children && <div className="mt-7 w-full">{children}</div>}
      </div>
    </div>
  );
}
