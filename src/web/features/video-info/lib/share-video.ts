import { infoText } from "#web/i18n/video-info.ts";
import { toast } from "#web/lib/toast.ts";

/**
 * spec §2 Info modal: "share (native share or copy link with toast 'Lien copié')". The shared
 * address is the info page, which opens for anyone. A cancelled native share says nothing.
 */
export async function shareVideo(video: { id: string; title: string }): Promise<void> {
  const url = new URL(`/info/${video.id}`, window.location.origin).toString();
  if (typeof navigator.share === "function") {
    try {
      await navigator.share({ title: video.title, url });
      return;
    } catch (error) {
      if (error instanceof DOMException && error.name === "AbortError") return;
      // Any other failure (no permission, unsupported data): fall back to copying.
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    toast.success(infoText.linkCopied);
  } catch {
    toast.error(infoText.copyFailed, infoText.copyFailedText(url));
  }
}
