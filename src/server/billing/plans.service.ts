import type { Db } from "#db/client";
import { plansOnSale } from "./plans.queries.ts";

/** spec §7 subscription_plans: the active plans, cheapest first (the order the plans screen shows). */
export const activePlans = (db: Db) => plansOnSale(db);
