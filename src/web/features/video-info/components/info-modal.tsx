import { useId } from "react";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { CloseButton } from "#web/components/ui/close-button.tsx";
import { Dialog, sheetDialogClass } from "#web/components/ui/dialog.tsx";
import { infoText } from "#web/i18n/video-info.ts";
import { useDrawnAtMount } from "#web/lib/first-screen.ts";
import { INFO_PARAM, infoDepthOf } from "#web/lib/info-link.ts";
import { type InfoSlots, InfoView } from "./info-view.tsx";

/**
 * The modal over any screen whose address carries `?info={id}` (a card's "Plus d'infos"; its chunk
 * loads only then: app/layout/info-modal-host.tsx). Closing goes back past every modal opened from
 * the screen, or, for an address that arrived with the parameter, removes it.
 */
export function InfoModalRoute({ id, slots }: { id: string; slots?: InfoSlots | undefined }) {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();

  const close = () => {
    const depth = infoDepthOf(location);
    if (depth > 0) {
      navigate(-depth);
      return;
    }
    const next = new URLSearchParams(params);
    next.delete(INFO_PARAM);
    setParams(next, { replace: true, preventScrollReset: true });
  };
  // A page the server drew on this address (a visitor's `/?info={id}`) has the modal in it, open.
  const drawn = useDrawnAtMount();
  return <InfoModal id={id} slots={slots} drawn={drawn} onClose={close} />;
}

/** The info view in the app's sheet dialog; a click on the backdrop closes it too. */
function InfoModal({
  id,
  slots,
  drawn,
  onClose,
}: {
  id: string;
  slots: InfoSlots | undefined;
  drawn: boolean;
  onClose: () => void;
}) {
  const titleId = useId();
  return (
    <Dialog
      labelledBy={titleId}
      onClose={onClose}
      closeOnBackdrop
      lockScroll
      drawnOpen={drawn}
      // Another title opened from inside the modal (a similar video): start at its top.
      resetScrollOn={id}
      className={`${sheetDialogClass} max-h-[calc(100dvh-3rem)] w-[min(60rem,calc(100vw-2rem))] rounded-2xl`}
    >
      <div className="relative">
        <CloseButton
          label={infoText.close}
          onClick={onClose}
          className="scheme-dark absolute top-3 right-3 z-10 size-10 bg-black/55 text-fg backdrop-blur-md transition-colors hover:bg-black/80"
        />
        <InfoView key={id} id={id} titleId={titleId} headingLevel={2} slots={slots} />
      </div>
    </Dialog>
  );
}
