import { useQuery } from "@tanstack/react-query";
import { receiptPdf } from "#contract/billing";
import { endpointUrl } from "#contract/endpoint";
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
        <table className="w-full text-left text-sm">
          <thead className="text-muted">
            <tr>
              <th className="py-1.5 font-medium">{receiptsText.number}</th>
              <th className="py-1.5 font-medium">{receiptsText.date}</th>
              <th className="py-1.5 font-medium">{receiptsText.plan}</th>
              <th className="py-1.5 text-right font-medium">{receiptsText.amount}</th>
              <th className="py-1.5 text-right font-medium">
                <span className="sr-only">{receiptsText.pdf}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {data.items.map((r) => (
              <tr key={r.id} className="border-t border-white/8">
                <td className="py-1.5 font-mono">{r.number}</td>
                <td className="py-1.5">{formatLongDate(r.issuedAt)}</td>
                <td className="py-1.5">{r.planName}</td>
                <td className="py-1.5 text-right tabular-nums">{formatPrice(r.amountCents, r.currency)}</td>
                <td className="py-1.5 text-right">
                  <a
                    href={endpointUrl(receiptPdf, { params: { receiptId: r.id } })}
                    download
                    aria-label={receiptsText.pdfLabel(r.number)}
                    className="text-accent underline underline-offset-2"
                  >
                    {receiptsText.pdf}
                  </a>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
