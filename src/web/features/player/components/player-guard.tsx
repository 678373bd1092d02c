import { useQuery } from "@tanstack/react-query";
import { ShieldAlert } from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { buttonStyles } from "#web/components/ui/button-styles.ts";
import { playerText } from "#web/i18n/player.ts";
import { toast } from "#web/lib/toast.ts";
import { playerOptionsQuery } from "../api/player-queries.ts";
import {
  baselineOf,
  checkWindow,
  GUARD_CHECK_MS,
  GUARD_MAX_CRITICAL,
  isInspectShortcut,
  type WindowSize,
} from "../lib/guard.ts";

const readWindow = (): WindowSize => ({
  outerWidth: window.outerWidth,
  outerHeight: window.outerHeight,
  innerWidth: window.innerWidth,
  innerHeight: window.innerHeight,
  devicePixelRatio: window.devicePixelRatio,
  fullscreen: document.fullscreenElement !== null,
});

/**
 * spec §4/§9 security guard around the player, when the operator leaves PLAYER_GUARD on. Silent
 * mode (spec §9): critical violations are counted without a message until the 10th, which blocks
 * with the 'Sécurité' toast and the 'Accès Refusé' overlay until reload. Blocked actions show the
 * 'Action non autorisée' badge for 2 s. `onBlock` pauses playback.
 */
export function PlayerGuard({ children, onBlock }: { children: ReactNode; onBlock: () => void }) {
  const options = useQuery(playerOptionsQuery);
  const enabled = options.data?.guard === true;
  const [blocked, setBlocked] = useState(false);
  const [badge, setBadge] = useState<string | null>(null);
  const critical = useRef(0);
  const onBlockRef = useRef(onBlock);
  onBlockRef.current = onBlock;

  useEffect(() => {
    if (!enabled) return;
    let badgeTimer: ReturnType<typeof setTimeout> | undefined;
    const flash = (text: string) => {
      setBadge(text);
      clearTimeout(badgeTimer);
      badgeTimer = setTimeout(() => setBadge(null), 2000);
    };
    const onContextMenu = (event: MouseEvent) => {
      event.preventDefault();
      flash(playerText.guard.badge);
    };
    const onKey = (event: KeyboardEvent) => {
      if (isInspectShortcut(event)) {
        event.preventDefault();
        flash(playerText.guard.badge);
      } else if (event.key === "PrintScreen") {
        flash(playerText.guard.screenshot);
      }
    };
    let base = baselineOf(readWindow());
    const check = setInterval(() => {
      const now = readWindow();
      const verdict = checkWindow(now, base);
      if (verdict === "rebase") base = baselineOf(now);
      if (verdict !== "suspect") return;
      critical.current += 1;
      if (critical.current >= GUARD_MAX_CRITICAL) {
        clearInterval(check);
        setBlocked(true);
        onBlockRef.current();
        toast.error(playerText.guard.title, playerText.guard.blocked);
      }
    }, GUARD_CHECK_MS);
    window.addEventListener("contextmenu", onContextMenu);
    window.addEventListener("keydown", onKey, true);
    return () => {
      clearInterval(check);
      clearTimeout(badgeTimer);
      window.removeEventListener("contextmenu", onContextMenu);
      window.removeEventListener("keydown", onKey, true);
    };
  }, [enabled]);

  return (
    <>
      {children}
      {badge && (
        <div
          role="status"
          className="pointer-events-none fixed top-20 left-1/2 z-[60] -translate-x-1/2 rounded-full bg-red-600/90 px-4 py-2 text-sm font-semibold text-white shadow-lg"
        >
          {badge}
        </div>
      )}
      {blocked && (
        <div
          role="alertdialog"
          aria-labelledby="guard-title"
          aria-describedby="guard-text"
          className="fixed inset-0 z-[70] grid place-items-center bg-black px-6 text-center"
        >
          <div className="max-w-md">
            <ShieldAlert className="mx-auto size-12 text-red-500" aria-hidden="true" />
            <h2 id="guard-title" className="mt-4 text-3xl font-black">
              {playerText.guard.overlayTitle}
            </h2>
            <p id="guard-text" className="mt-2 text-muted">
              {playerText.guard.blocked}
            </p>
            <button
              type="button"
              className={`${buttonStyles()} mt-6`}
              onClick={() => window.location.reload()}
            >
              {playerText.guard.reload}
            </button>
          </div>
        </div>
      )}
    </>
  );
}
