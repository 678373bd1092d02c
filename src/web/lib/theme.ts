import { useEffect } from "react";
import type { THEMES } from "#contract/member";

export type Theme = (typeof THEMES)[number];

/** The device's copy of the member's theme, read before the first paint by public/theme.js. */
export const THEME_STORAGE_KEY = "bobine:theme";

const prefersLight = () =>
  typeof matchMedia === "function" && matchMedia("(prefers-color-scheme: light)").matches;

export function storedTheme(): Theme | null {
  try {
    const value = localStorage.getItem(THEME_STORAGE_KEY);
    return value === "dark" || value === "light" || value === "system" ? value : null;
  } catch {
    return null;
  }
}

/** Shows `theme` at once (« Système » follows the device) and remembers it on this device. */
export function applyTheme(theme: Theme) {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Private mode: applied for this visit only.
  }
  const light = theme === "light" || (theme === "system" && prefersLight());
  document.documentElement.dataset.theme = light ? "light" : "dark";
}

/** While the theme is « Système », the page follows the device when it switches. */
export function useFollowDeviceTheme() {
  useEffect(() => {
    if (typeof matchMedia !== "function") return;
    const query = matchMedia("(prefers-color-scheme: light)");
    const follow = () => {
      if (storedTheme() === "system") applyTheme("system");
    };
    query.addEventListener("change", follow);
    return () => query.removeEventListener("change", follow);
  }, []);
}
