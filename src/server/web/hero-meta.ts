/** The page naming the hero it shows, for the app to show that one (src/web/…/use-hero-video.ts). */
export const heroMeta = (html: string, hero: string | undefined): string =>
  hero ? html.replace("</head>", `<meta name="bobine-hero" content="${hero}" />\n  </head>`) : html;
