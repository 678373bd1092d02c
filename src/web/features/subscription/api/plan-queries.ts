import { queryOptions } from "@tanstack/react-query";
import { listPlans } from "#contract/auth";
import { apiGet } from "#web/lib/api.ts";

/** GET /api/plans: the active plans, cheapest first (spec §7 subscription_plans). */
export const plansOptions = queryOptions({
  queryKey: ["plans"] as const,
  queryFn: ({ signal }) => apiGet(listPlans, { signal }),
});
