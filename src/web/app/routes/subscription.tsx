import { useQuery } from "@tanstack/react-query";
import { pageGutter } from "#web/components/ui/layout.ts";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { subscriptionStateOptions } from "#web/features/subscription/api/plan-queries.ts";
import { PlansPanel } from "#web/features/subscription/components/plans-panel.tsx";
import { SubscriptionOverview } from "#web/features/subscription/components/subscription-overview.tsx";
import { screenTitles } from "#web/i18n/common.ts";
import { plansText, subscriptionPageText } from "#web/i18n/subscription.ts";
import { useSession } from "#web/lib/session/use-session.ts";
import { useDocumentTitle } from "#web/lib/use-document-title.ts";

/**
 * /subscription — spec §2 Plans screen: the member's state (computed by the server, spec §4), the
 * plans from the database, the payment methods, « Résilier votre abonnement » while a renewal runs.
 */
export default function SubscriptionRoute() {
  useDocumentTitle(screenTitles.subscription);
  const { user } = useSession();
  const state = useQuery({ ...subscriptionStateOptions(user?.id ?? ""), enabled: user !== null });
  return (
    <section className={`${pageGutter} mx-auto max-w-6xl pt-24 pb-20 lg:pt-28`}>
      <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{plansText.title}</h1>
      <p className="mt-2 max-w-2xl text-muted">{plansText.intro}</p>
      {/* A member's state and the plans arrive together: the plans drawn first were pushed down
          by « Votre abonnement » once it came (a layout shift of 0.14 on a phone). */}
      {user && state.isPending ? (
        <div className="mt-10 grid min-h-[50vh] place-items-center">
          <Spinner />
        </div>
      ) : (
        <>
          {user && state.data && (
            <section className="mt-8 rounded-3xl border border-line bg-surface-2/60 p-5">
              <h2 className="mb-3 text-sm font-semibold tracking-wide text-muted uppercase">
                {subscriptionPageText.current}
              </h2>
              <SubscriptionOverview state={state.data} />
            </section>
          )}
          <div className="mt-10">
            <PlansPanel headingLevel={2} demoMethods={state.data?.demoMethods ?? []} />
          </div>
        </>
      )}
    </section>
  );
}
