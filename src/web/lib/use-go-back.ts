import { useCallback } from "react";
import { useNavigate } from "react-router";

/** Whether this tab has a page of Bobine to go back to (react-router keeps its entry's position in history.state.idx). */
const canGoBack = () => ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;

/**
 * « Retour »: the page before, or the home when the page was opened first (a bookmark, a shared
 * link) — going back would leave Bobine.
 */
export function useGoBack(): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    if (canGoBack()) void navigate(-1);
    else void navigate("/", { replace: true });
  }, [navigate]);
}
