// Runs before the first paint (index.html, blocking): the theme chosen in Paramètres, mirrored in
// localStorage by the app (src/web/lib/theme.ts), applied to <html data-theme>. Dark by default.
(() => {
  let chosen = null;
  try {
    chosen = localStorage.getItem("bobine:theme");
  } catch {
    // Storage refused (private mode): the default theme.
  }
  const light =
    chosen === "light" || (chosen === "system" && matchMedia("(prefers-color-scheme: light)").matches);
  document.documentElement.dataset.theme = light ? "light" : "dark";
})();
