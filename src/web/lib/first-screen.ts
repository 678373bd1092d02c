/**
 * A visitor's first screen drawn by the server (docs/decisions/061-first-screens-drawn-by-the-server.md):
 * the element holding the answers it was drawn from (TanStack Query's dehydrated state, JSON).
 */
export const FIRST_SCREEN_STATE_ID = "bobine-first-screen";
