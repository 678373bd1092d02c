import {
  ArrowLeft,
  Clock,
  Gauge,
  House,
  LifeBuoy,
  type LucideIcon,
  MonitorX,
  RotateCcw,
  SearchX,
  ShieldX,
  TimerOff,
  TriangleAlert,
  Wifi,
  WifiOff,
} from "lucide-react";
import { useNavigate } from "react-router";
import { buttonStyles } from "#web/components/ui/button-styles.ts";
import { commonText } from "#web/i18n/common.ts";
import { errorPageText } from "#web/i18n/errors.ts";
import { useDocumentTitle } from "#web/lib/use-document-title.ts";
import { useGoBack } from "#web/lib/use-go-back.ts";
import { type ErrorPageCode, resolveErrorPage } from "../lib/error-pages.ts";
import { StatusLayout } from "./status-layout.tsx";

const icons: Record<ErrorPageCode, LucideIcon> = {
  VIDEO_NOT_FOUND: SearchX,
  ACCESS_DENIED: ShieldX,
  CONNECTION_TIMEOUT: TimerOff,
  NETWORK_ERROR: WifiOff,
  RATE_LIMITED: Gauge,
  TOO_MANY_STREAMS: MonitorX,
  UNKNOWN_ERROR: TriangleAlert,
};

/** One icon per suggestion, in the order of errorPageText.suggestions. */
const suggestionIcons = [Wifi, Clock, LifeBuoy] as const;

/** spec §2 "Error page": title, description, code badge, what to do, three actions, support code. */
export function ErrorScreen({ code }: { code: string | undefined }) {
  const page = resolveErrorPage(code);
  const navigate = useNavigate();
  const goBack = useGoBack();
  const t = errorPageText;
  useDocumentTitle(page.title);

  return (
    <StatusLayout
      icon={icons[page.code]}
      badge={page.badge}
      badgeLabel={t.codeLabel}
      title={page.title}
      description={page.description}
      footer={
        <p className="mt-10 border-t border-white/8 pt-5 text-sm text-muted">
          {t.supportFooter}{" "}
          <code className="rounded-md bg-surface-2 px-2 py-0.5 font-mono text-[0.8rem] text-fg">
            {page.code}
          </code>
        </p>
      }
    >
      <div className="mt-8 w-full rounded-2xl border border-line bg-surface/80 p-5 text-left backdrop-blur sm:p-6">
        <h2 className="text-sm font-semibold tracking-wide text-fg">{t.suggestionsTitle}</h2>
        <ul className="mt-4 space-y-3">
          {t.suggestions.map((text, index) => {
            const Icon = suggestionIcons[index] ?? LifeBuoy;
            return (
              <li key={text} className="flex items-start gap-3 text-[0.95rem] text-muted">
                <span className="mt-0.5 grid size-6 shrink-0 place-items-center rounded-full bg-accent/12 text-accent">
                  <Icon className="size-3.5" aria-hidden="true" />
                </span>
                <span>{text}</span>
              </li>
            );
          })}
        </ul>
      </div>

      <div className="mt-8 flex flex-wrap items-center justify-center gap-3">
        <button type="button" className={buttonStyles()} onClick={() => window.location.reload()}>
          <RotateCcw aria-hidden="true" />
          {commonText.retry}
        </button>
        <button type="button" className={buttonStyles({ variant: "secondary" })} onClick={goBack}>
          <ArrowLeft aria-hidden="true" />
          {commonText.back}
        </button>
        <button
          type="button"
          className={buttonStyles({ variant: "outline" })}
          onClick={() => navigate("/", { replace: true })}
        >
          <House aria-hidden="true" />
          {commonText.home}
        </button>
      </div>
    </StatusLayout>
  );
}
