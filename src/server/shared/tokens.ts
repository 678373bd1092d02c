import { createHash, randomBytes } from "node:crypto";

/** 256 random bits, URL-safe: session tokens, sign-up browser bindings, reset links. */
export const randomToken = () => randomBytes(32).toString("base64url");
/** Tokens are stored hashed, never in clear. */
export const sha256 = (value: string) => createHash("sha256").update(value).digest("base64url");
