import type { ReactNode } from "react";
import { TitledDialog } from "#web/components/ui/dialog.tsx";
import { playerText } from "#web/i18n/player.ts";

/** spec §2 Player: the rating dialog (the member's stars, which the screen passes). */
export function RateDialog({
  title,
  onClose,
  children,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <TitledDialog
      title={playerText.rateTitle(title)}
      closeLabel={playerText.close}
      width="w-[min(26rem,calc(100vw-2rem))]"
      onClose={onClose}
    >
      {children}
    </TitledDialog>
  );
}
