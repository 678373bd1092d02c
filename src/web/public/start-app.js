// A page the server drew for a visitor (docs/decisions/061-first-screens-drawn-by-the-server.md)
// starts its app once the page has loaded: the screen is already on it, so the app's scripts
// (~200 KB) do not share the network with the style sheet and the images that first paint waits on.
// Same-origin (the page's policy), written by the server with the entry and the chunks it needs.
(() => {
  const tag = document.currentScript;
  if (!tag) return;
  const entry = tag.getAttribute("data-entry");
  const chunks = (tag.getAttribute("data-chunks") || "").split(" ").filter(Boolean);
  const start = () => {
    for (const chunk of chunks) {
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.crossOrigin = "";
      link.href = chunk;
      document.head.appendChild(link);
    }
    const script = document.createElement("script");
    script.type = "module";
    script.crossOrigin = "";
    script.src = entry;
    document.head.appendChild(script);
  };
  if (document.readyState === "complete") start();
  else window.addEventListener("load", start, { once: true });
})();
