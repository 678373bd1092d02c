import { GIFT_MONTHS_MAX, GIFT_MONTHS_MIN, GIFT_PLANS, type GiftPlan } from "#contract/admin-users";
import { SelectField } from "#web/components/ui/select-field.tsx";
import { TextField } from "#web/components/ui/text-field.tsx";
import { adminUsersText as text } from "#web/i18n/admin.ts";

/** spec §5 Gift: a duration that is not a whole number of months in 1..24 falls back to 1. */
export function giftMonths(typed: string): number {
  const n = Number(typed);
  return Number.isInteger(n) && n >= GIFT_MONTHS_MIN && n <= GIFT_MONTHS_MAX ? n : GIFT_MONTHS_MIN;
}

/** spec §3 Gift subscription: the plan (essentiel by default) and the months, hidden for lifetime. */
export function GiftFields({
  plan,
  months,
  onPlan,
  onMonths,
  error,
}: {
  plan: GiftPlan;
  months: string;
  onPlan: (plan: GiftPlan) => void;
  onMonths: (months: string) => void;
  error?: string | undefined;
}) {
  return (
    <div className="flex flex-col gap-4">
      <SelectField
        look="field"
        label={text.giftPlan}
        value={plan}
        options={GIFT_PLANS.map((p) => ({ value: p, label: text.giftPlans[p] }))}
        onChange={onPlan}
      />
      {plan !== "lifetime" && (
        <TextField
          label={text.giftMonths}
          type="number"
          inputMode="numeric"
          min={GIFT_MONTHS_MIN}
          max={GIFT_MONTHS_MAX}
          value={months}
          hint={text.giftMonthsHint}
          error={error}
          onChange={(e) => onMonths(e.target.value)}
          onBlur={() => onMonths(String(giftMonths(months)))}
        />
      )}
      <p className="text-sm text-muted">{text.giftExtends}</p>
    </div>
  );
}
