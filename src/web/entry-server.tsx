/**
 * A visitor's first screen, drawn by the server (docs/decisions/061-first-screens-drawn-by-the-server.md):
 * the app's own routes and components rendered to HTML with the answers they ask for, and those
 * answers (dehydrated) for the app to start from. Built by `vite build --ssr` into dist/ssr and
 * loaded by src/server/web/first-screens.ts. The server calls one render at a time: the transport
 * and the announced hero are this module's, set for the render under way.
 */
import "./lib/zod-config.ts";
import { dehydrate, type Query, QueryClient } from "@tanstack/react-query";
import { prerenderToNodeStream } from "react-dom/static";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { Providers } from "./app/providers.tsx";
import { routes } from "./app/router.tsx";
import { TakeOver } from "./app/take-over.tsx";
import { announceHero, heroDrawn } from "./features/catalogue/hooks/use-hero-video.ts";
import { setApiTransport } from "./lib/api.ts";
import { takeDrawnTitle } from "./lib/use-document-title.ts";

export interface FirstScreen {
  /** The markup of the screen, for the page's #root. */
  html: string;
  /** The answers it was drawn from (TanStack Query's dehydrated state). */
  state: unknown;
  /** The hero it shows, if any: the page names it, for the app to show that one. */
  hero: string | undefined;
  /** The title the screen gives its tab (the page's <title>), if it names one. */
  title: string | undefined;
}

/** Renders until every query the screen asks for has its answer (a screen's queries may depend on others). */
const MAX_PASSES = 4;

const enabled = (query: Query) => {
  const option = (query.options as { enabled?: unknown }).enabled;
  return (typeof option === "function" ? option(query) : option) !== false;
};

async function renderOnce(client: QueryClient, url: URL): Promise<string | null> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(url));
  if (context instanceof Response) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  const { prelude } = await prerenderToNodeStream(
    <Providers client={client}>
      <TakeOver drawn>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </TakeOver>
    </Providers>,
    // One piece, whatever its size: a large part is otherwise sent after its fallback with a
    // script to swap them, which the page's policy refuses (no inline script).
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  let html = "";
  for await (const chunk of prelude) html += chunk;
  return html;
}

/**
 * The screen at `path` (path and query) as a visitor sees it, its requests answered by `transport`
 * (the server's own routes, without a network hop); null when the app would not draw a screen there
 * (a redirect). `hero`: the home's hero, as the page names it; `seed` in [0, 1): which of the first
 * ten is another screen's hero.
 */
export async function renderFirstScreen(
  path: string,
  transport: typeof fetch,
  hero?: string,
  seed?: number,
): Promise<FirstScreen | null> {
  setApiTransport(transport);
  announceHero(hero, seed);
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  const url = new URL(path, "http://bobine.invalid");
  try {
    for (let pass = 0; pass < MAX_PASSES; pass++) {
      takeDrawnTitle();
      const html = await renderOnce(client, url);
      if (html === null) return null;
      const waiting = client
        .getQueryCache()
        .getAll()
        .filter(
          (query) => query.state.status === "pending" && query.state.fetchStatus === "idle" && enabled(query),
        );
      // A part that suspended (a lazy chunk loading for the first time in this process) went out
      // as its fallback and a script to swap it in, which the page's policy would refuse: drawn again.
      const complete = !html.includes("<script");
      if (waiting.length === 0 && complete)
        return { html, state: dehydrate(client), hero: heroDrawn(), title: takeDrawnTitle() };
      await Promise.all(waiting.map((query) => query.fetch().catch(() => undefined)));
    }
    return null;
  } finally {
    announceHero(undefined);
    client.clear();
  }
}
