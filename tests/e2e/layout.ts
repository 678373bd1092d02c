import type { Page } from "@playwright/test";

/** How much wider than the viewport the document is (0 when it fits: no sideways scroll). */
export function overflowWidth(page: Page): Promise<number> {
  return page.evaluate(() => Math.max(0, document.documentElement.scrollWidth - window.innerWidth));
}

/**
 * Focusable controls that are shown but stick out of the viewport sideways (a control inside a
 * sideways-scrolling row is fine as long as its row fits). Each as "role name (left..right)".
 */
export function controlsOutside(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const selector =
      'a[href], button, input:not([type="hidden"]), select, textarea, [tabindex]:not([tabindex="-1"])';
    const scrollsSideways = (el: Element) => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        const style = getComputedStyle(p);
        if (/(auto|scroll|hidden|clip)/.test(style.overflowX) && p.scrollWidth > p.clientWidth + 1) {
          const box = p.getBoundingClientRect();
          if (box.left >= -1 && box.right <= width + 1) return true;
        }
      }
      return false;
    };
    const out: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(selector)) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (box.left >= -1 && box.right <= width + 1) continue;
      if (getComputedStyle(el).visibility === "hidden" || el.closest("[inert], [aria-hidden='true']"))
        continue;
      if (scrollsSideways(el)) continue;
      const name = el.getAttribute("aria-label") ?? el.textContent?.trim().slice(0, 40) ?? "";
      out.push(`${el.tagName.toLowerCase()} « ${name} » (${Math.round(box.left)}..${Math.round(box.right)})`);
    }
    return out;
  });
}

/**
 * The header's links broken over two lines (a squeezed row: at 768 px each word of the nav fell
 * under its own padding, 2026-11-28). An inline link broken across lines has one box per line.
 */
export function headerLinksBroken(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>("header nav a")]
      .filter((a) => a.getClientRects().length > 1)
      .map((a) => a.textContent?.trim() ?? ""),
  );
}

/**
 * Cards whose line of figures is cut at the card's edge (a film's duration pushed the rating out of
 * a phone's card, 2026-11-28): each as its card's title.
 */
export function cardLinesCut(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>("main article p")]
      .filter((p) => p.getClientRects().length > 0 && p.scrollWidth > p.clientWidth + 1)
      .map((p) => p.closest("article")?.querySelector("h3")?.textContent?.trim() ?? ""),
  );
}
