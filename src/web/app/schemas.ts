/**
 * The contract's modules every first screen loads, run as a step of their own (main.tsx, decision
 * 064): each builds its zod schemas when it runs (`z.object(…)` at module level), about a third of
 * the app's start on a phone. Zod's setting first (lib/zod-config.ts): it travels in zod's chunk.
 * Named as namespaces, not imported for their effect alone: the bundler drops a bare import of a
 * module it judges free of effects, which would leave the step empty. A module missing here still
 * runs, with the app's own step; one listed that the app stops using costs its evaluation once.
 */
import "#web/lib/zod-config.ts";

export * as auth from "#contract/auth";
export * as catalogue from "#contract/catalogue";
export * as errors from "#contract/errors";
export * as library from "#contract/library";
export * as notifications from "#contract/notifications";
