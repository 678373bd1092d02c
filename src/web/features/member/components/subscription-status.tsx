import { BadgeCheck, CircleAlert, Clock, Sparkles } from "lucide-react";
import { Link } from "react-router";
import type { SubscriptionStatus } from "#contract/member";
import { buttonStyles } from "#web/components/ui/button-styles.ts";
import { memberText } from "#web/i18n/member.ts";
import { formatLongDate } from "#web/lib/format.ts";

const looks = {
  none: { icon: Sparkles, tone: "text-accent bg-accent/12" },
  active: { icon: BadgeCheck, tone: "text-emerald-300 bg-emerald-400/12" },
  expiring: { icon: Clock, tone: "text-amber-300 bg-amber-400/12" },
  expired: { icon: CircleAlert, tone: "text-red-300 bg-red-400/12" },
} as const;

/** spec §2 Settings subscription status block; the state is the server's, in Paris time (spec §4). */
export function SubscriptionStatusBlock({ status }: { status: SubscriptionStatus }) {
  const { icon: Icon, tone } = looks[status.state];
  const s = memberText.subscription;
  const title = { none: s.none, active: s.active, expiring: s.expiring, expired: s.expired }[status.state];
  const detail =
    status.state === "none"
      ? s.noneText
      : status.state === "expired"
        ? [status.planName, status.endsAt ? s.endedOn(formatLongDate(status.endsAt)) : null, s.expiredText]
            .filter(Boolean)
            .join(" · ")
        : [
            status.planName,
            status.endsAt ? s.endsOn(formatLongDate(status.endsAt)) : s.lifetime,
            status.state === "expiring" && status.daysLeft !== null ? s.daysLeft(status.daysLeft) : null,
          ]
            .filter(Boolean)
            .join(" · ");
  return (
    <div className="flex flex-col gap-4 py-1 sm:flex-row sm:items-center" data-state={status.state}>
      <span className={`grid size-12 shrink-0 place-items-center rounded-2xl ${tone}`}>
        <Icon className="size-6" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1" role="status">
        <p className="text-lg font-bold">{title}</p>
        <p className="mt-0.5 text-sm text-muted">{detail}</p>
      </div>
      {status.state !== "active" && (
        <Link to="/subscription" className={`${buttonStyles({ size: "sm" })} self-start sm:self-center`}>
          {status.state === "none" ? s.seePlans : s.renew}
        </Link>
      )}
    </div>
  );
}
