import { X } from "lucide-react";
import { useEffect, useId, useRef } from "react";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { fr } from "#web/i18n/fr.ts";
import { INFO_PARAM, infoDepthOf } from "../info-link.ts";
import { InfoView } from "./info-view.tsx";

/**
 * The modal over any screen whose address carries `?info={id}` (a card's "Plus d'infos"; this
 * chunk loads only then: info-modal-host.tsx). Closing goes back past every modal opened from the
 * screen, or, for an address that arrived with the parameter, removes it.
 */
export default function InfoModalRoute({ id }: { id: string }) {
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
  return <InfoModal id={id} onClose={close} />;
}

/** A native modal <dialog>: the page behind is inert, focus stays inside, Escape closes. */
function InfoModal({ id, onClose }: { id: string; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    const root = document.documentElement;
    const previous = root.style.overflow;
    root.style.overflow = "hidden";
    return () => {
      root.style.overflow = previous;
    };
  }, []);

  // Another title opened from inside the modal (a similar video): start at its top.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the shown video changes
  useEffect(() => {
    ref.current?.scrollTo({ top: 0 });
  }, [id]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the click is on the backdrop; Escape closes through onCancel
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself, outside its content) closes it.
        if (event.target === event.currentTarget) onClose();
      }}
      className="m-auto max-h-[calc(100dvh-3rem)] w-[min(60rem,calc(100vw-2rem))] animate-fade-in overflow-y-auto overscroll-contain rounded-2xl border border-white/10 bg-surface p-0 text-fg shadow-[0_40px_120px_-30px_rgb(0_0_0/0.95)] backdrop:bg-black/75 backdrop:backdrop-blur-sm max-sm:h-dvh max-sm:max-h-none max-sm:w-screen max-sm:max-w-none max-sm:rounded-none max-sm:border-0"
    >
      <div className="relative">
        <button
          type="button"
          onClick={onClose}
          aria-label={fr.info.close}
          className="absolute top-3 right-3 z-10 grid size-10 place-items-center rounded-full bg-black/55 text-fg backdrop-blur-md transition-colors hover:bg-black/80"
        >
          <X className="size-5" aria-hidden="true" />
        </button>
        <InfoView key={id} id={id} titleId={titleId} headingLevel={2} />
      </div>
    </dialog>
  );
}
