import { z } from "zod";
import { endpoint } from "./endpoint.ts";

/** The operator's player settings the web needs before playing (README configuration table). */
export const getPlayerOptions = endpoint({
  method: "GET",
  path: "/api/player/options",
  summary: "Réglages du lecteur choisis par l'exploitant (protection du lecteur activée ou non)",
  tags: ["lecture"],
  access: "public",
  response: z.object({ guard: z.boolean() }),
});
