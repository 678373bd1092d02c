import "./styles.css";
import "./lib/zod-config.ts";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app.tsx";

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

// The first render as a transition (issue 14): React renders it in slices and gives the browser
// back its main thread between them, instead of one long task a phone feels as a frozen page.
const root = createRoot(container);
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
