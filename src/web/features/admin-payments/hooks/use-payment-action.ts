import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { AdminPayment } from "#contract/billing";
import { adminText } from "#web/i18n/admin.ts";
import { serverMessage } from "#web/lib/api.ts";
import { toast } from "#web/lib/toast.ts";
import { adminPaymentKeys } from "../api/payment-queries.ts";

/**
 * An administrator's action on one payment that asks first (« Rembourser », « Refuser »): the
 * payment being asked about, the request, its toast, and the ledger read again once it is done.
 */
export function usePaymentAction(
  run: (paymentId: string) => Promise<unknown>,
  texts: { done: string; failed: string },
) {
  const client = useQueryClient();
  const [asking, setAsking] = useState<AdminPayment | null>(null);
  const action = useMutation({
    mutationFn: (payment: AdminPayment) => run(payment.id),
    onSuccess: async () => {
      toast.success(texts.done);
      setAsking(null);
      await client.invalidateQueries({ queryKey: [adminPaymentKeys.root] });
    },
    onError: (error) => toast.error(adminText.errorTitle, serverMessage(error, texts.failed)),
  });
  return { asking, ask: setAsking, close: () => setAsking(null), action };
}
