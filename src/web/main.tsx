import "./styles.css";
import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";

/**
 * The app's modules run in three tasks, not one (issue 14, decision 064): a module graph is
 * evaluated in a single task however large, and the app's was one of 50 to 90 ms on a phone (200 to
 * 350 ms at Lighthouse's 4× slowdown), the largest left after a drawn page's own layout. This
 * module runs React's (its own task); the contract's schemas, which the app's modules build as they
 * load, come in a second (`app/schemas.ts`), the app itself in a third; the browser gets its main
 * thread back between them (a paint, a tap, a scroll). Every module of the three is fetched ahead
 * (index.html's and the server's `modulepreload`, server/web/screen-chunks.ts): the steps wait on
 * nothing but the main thread.
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start(container: HTMLElement) {
  await nextTask();
  await import("./app/schemas.ts");
  await nextTask();
  const { App, preloadScreen, startedFromDrawnPage } = await import("./app/app.tsx");
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  if (startedFromDrawnPage) {
    // A page the server drew (decision 061): the app starts from its answers (query-client.ts) and
    // its screen's chunk, so its first render is the drawn screen, which React takes over as it is
    // (hydration) instead of drawing it again. As a transition: React hydrates at its default
    // priority in one task (a home of 200 KB of markup: a long task a phone feels as a frozen page,
    // and Lighthouse's « total blocking time »); in a transition it works in slices of a few
    // milliseconds and gives the main thread back between them, as the first render below does.
    const takeOver = () => {
      startTransition(() => {
        hydrateRoot(container, app);
      });
    };
    preloadScreen(window.location.pathname).then(takeOver, takeOver);
  } else {
    // The first render as a transition (issue 14): React renders it in slices and gives the browser
    // back its main thread between them, instead of one long task a phone feels as a frozen page.
    const root = createRoot(container);
    startTransition(() => root.render(app));
  }
}

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");
void start(container);
