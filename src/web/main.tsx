import "./styles.css";
import "./lib/zod-config.ts";
import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "./app/app.tsx";
import { startedFromDrawnPage } from "./app/query-client.ts";
import { preloadScreen } from "./app/router.tsx";

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

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
  preloadScreen(window.location.pathname, window.location.search).then(takeOver, takeOver);
} else {
  // The first render as a transition (issue 14): React renders it in slices and gives the browser
  // back its main thread between them, instead of one long task a phone feels as a frozen page.
  const root = createRoot(container);
  startTransition(() => root.render(app));
}
