import { type CSSProperties, useEffect } from "react";
import { Toaster as Sonner, toast } from "sonner";
import { toastText } from "#web/i18n/common.ts";
import { toasterListening } from "#web/lib/toast.ts";
import { useMediaQuery } from "#web/lib/use-media-query.ts";

/**
 * Sonner's own phone width: under it, its toasts span the screen. There they come down from the top:
 * at the bottom they covered the very buttons that had just answered (the video form's « Publier »,
 * the player's bar, the selection bar of the admin lists).
 */
const PHONE = "(max-width: 600px)";

/** Sonner reads these variables; they map its dark theme onto the app's tokens. */
const toasterStyle = {
  "--normal-bg": "var(--color-surface-2)",
  "--normal-border": "var(--color-line)",
  "--normal-text": "var(--color-fg)",
  "--border-radius": "14px",
} as CSSProperties;

/** The toaster itself, loaded by toaster-host.tsx; its own effect subscribes before this one runs. */
export default function Toaster() {
  useEffect(() => toasterListening(toast), []);
  const phone = useMediaQuery(PHONE);
  return (
    <Sonner
      theme="dark"
      position={phone ? "top-center" : "bottom-right"}
      closeButton
      style={toasterStyle}
      containerAriaLabel={toastText.region}
      toastOptions={{
        className: "font-sans shadow-2xl",
        classNames: {
          success: "[&_[data-icon]]:text-accent",
          error: "[&_[data-icon]]:text-danger",
          // Sonner's dark theme draws descriptions in a fixed light grey, unreadable on the light
          // theme's surface: the app's own muted token follows the theme.
          description: "!text-muted",
        },
        closeButtonAriaLabel: toastText.close,
      }}
    />
  );
}
