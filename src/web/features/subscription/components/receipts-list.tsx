import { useQuery } from "@tanstack/react-query";
import { Download } from "lucide-react";
import { receiptPdf } from "#contract/billing";
import { endpointUrl } from "#contract/endpoint";
import { buttonStyles } from "#web/components/ui/button-styles.ts";
import { receiptsText } from "#web/i18n/subscription.ts";
import { formatLongDate } from "#web/lib/format.ts";
import { receiptsOptions } from "../api/plan-queries.ts";
import { formatPrice } from "./plan-price.ts";

/** The member's numbered receipts, newest first (Paramètres; docs/decisions/043-receipts.md). */
export function ReceiptsList({ userId }: { userId: string }) {
  const { data } = useQuery(receiptsOptions(userId));
  return (
    <div className="mt-5 first:mt-0">
      <h3 className="mb-2 text-sm font-semibold tracking-wide text-muted uppercase">{receiptsText.title}</h3>
      {!data ? null : data.items.length === 0 ? (
        <p className="text-sm text-muted">{receiptsText.none}</p>
      ) : (
        // A list rather than a five-column table: on a phone the number broke over three lines and
        // the amount ran into « PDF ». Each receipt: its number, date and plan; its amount and a
        // download button of a finger's size.
        <ul className="divide-y divide-white/8 text-sm">
          {data.items.map((r) => (
            <li key={r.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-2.5">
              <div className="min-w-0">
                <p className="font-mono wrap-anywhere">{r.number}</p>
                <p className="text-muted">
                  {formatLongDate(r.issuedAt)} · {r.planName}
                </p>
              </div>
              <div className="flex items-center gap-3">
                {r.refunded && (
                  <span className="rounded-full bg-white/10 px-2 py-0.5 text-xs font-semibold text-muted">
                    {receiptsText.refunded}
                  </span>
                )}
                <span className={`font-semibold tabular-nums ${r.refunded ? "text-muted line-through" : ""}`}>
                  {formatPrice(r.amountCents, r.currency)}
                </span>
                <a
                  href={endpointUrl(receiptPdf, { params: { receiptId: r.id } })}
                  download
                  aria-label={receiptsText.pdfLabel(r.number)}
                  className={buttonStyles({ variant: "outline", size: "sm" })}
                >
                  <Download aria-hidden="true" />
                  {receiptsText.pdf}
                </a>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
