import { useQuery } from "@tanstack/react-query";
import type { SessionUser } from "#contract/auth";
import { sessionOptions } from "./session-query.ts";

export interface Session {
  /** The signed-in member, or null for a visitor (also while loading). */
  user: SessionUser | null;
  /** True until the first answer (or failure) about the session. */
  isPending: boolean;
}

/**
 * spec §4 Session: loaded at start and kept fresh (1 min, and again when the window regains focus).
 * A failed session request counts as signed out: the catalogue stays usable.
 */
export function useSession(): Session {
  const { data, isPending } = useQuery(sessionOptions);
  return { user: data?.user ?? null, isPending };
}
