import { type SQL, sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, id, updatedAt } from "./columns.ts";

/** Authentication identity. The spec's member-facing fields (username, avatar, role) live on profiles. */
export const users = pgTable(
  "users",
  {
    id: id(),
    email: text("email").notNull(),
    emailVerified: boolean("email_verified").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("users_email_lower_uq").on(sql`lower(${t.email})`)],
);

/** Credentials per provider; `password` holds a self-describing hash (never the password). */
export const accounts = pgTable(
  "accounts",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    providerId: text("provider_id").notNull(),
    accountId: text("account_id").notNull(),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("accounts_provider_account_uq").on(t.providerId, t.accountId), index().on(t.userId)],
);

/** Server-side sessions: the cookie carries a random token, the database only its hash. */
export const sessions = pgTable(
  "sessions",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    absoluteExpiresAt: timestamp("absolute_expires_at", { withTimezone: true }).notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.userId), index().on(t.expiresAt)],
);

/** One-time secrets (e-mail codes, reset links), stored hashed with a try counter. */
export const verifications = pgTable(
  "verifications",
  {
    id: id(),
    purpose: text("purpose").notNull(),
    identifier: text("identifier").notNull(),
    valueHash: text("value_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    consumedAt: timestamp("consumed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index().on(t.purpose, t.identifier),
    check("verifications_purpose_ck", sql`${t.purpose} in ('email_code', 'password_reset')`),
    check("verifications_attempts_ck", sql`${t.attempts} >= 0`),
  ],
);

/** spec §3 Profile: id equals the auth user id; role membre by default ('user' is the same role for the UI). */
export const profiles = pgTable(
  "profiles",
  {
    id: uuid("id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    username: text("username").notNull(),
    /**
     * The username's confusable skeleton (Unicode TR39 idea, `username_skeleton()` in migration
     * 0014): compatibility forms folded (NFKD), Cyrillic, Greek and other letters that look Latin
     * mapped to it, lower case. Unique, so `demо-admin` (Cyrillic о) cannot sit beside `demo-admin`.
     */
    usernameSkeleton: text("username_skeleton").generatedAlwaysAs(
      (): SQL => sql`username_skeleton(${profiles.username})`,
    ),
    avatar: text("avatar"),
    role: text("role", { enum: ["membre", "user", "admin"] })
      .notNull()
      .default("membre"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("profiles_username_lower_uq").on(sql`lower(${t.username})`),
    uniqueIndex("profiles_username_skeleton_uq").on(t.usernameSkeleton),
    index().on(t.createdAt),
    check("profiles_role_ck", sql`${t.role} in ('membre', 'user', 'admin')`),
    check("profiles_username_len_ck", sql`char_length(${t.username}) between 1 and 64`),
  ],
);

/**
 * A sign-up waiting for its e-mail code, one per address and browser. The account (users, accounts,
 * profiles) is created only when a code is verified, with the sign-up of the browser that entered
 * it (the code proves the address); a request older than 24 h is purged, so it holds no username
 * for ever, and signing up again with the same address in the same browser replaces it (restarts
 * the verification). A sign-up in another browser never blocks nor replaces this one.
 */
export const signupRequests = pgTable(
  "signup_requests",
  {
    id: id(),
    email: text("email").notNull(),
    username: text("username").notNull(),
    passwordHash: text("password_hash").notNull(),
    /** sha256 of the httpOnly cookie of the browser that signed up: only it may verify the code. */
    browserHash: text("browser_hash").notNull().default(""),
    codeHash: text("code_hash"),
    codeSentAt: timestamp("code_sent_at", { withTimezone: true }),
    codeExpiresAt: timestamp("code_expires_at", { withTimezone: true }),
    attempts: integer("attempts").notNull().default(0),
    createdAt: createdAt(),
  },
  // E-mails are stored normalised (trimmed, lower case) so a plain unique index serves upserts.
  (t) => [
    uniqueIndex("signup_requests_email_browser_uq").on(t.email, t.browserHash),
    index().on(t.createdAt),
  ],
);

/**
 * Fixed-window counters shared by every server process (sign-in, sign-up, codes, reset), keyed by
 * bucket such as `login-ip:203.0.113.9` or `login-account:<user id>`.
 */
export const rateLimits = pgTable("rate_limits", {
  bucket: text("bucket").primaryKey(),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull().defaultNow(),
  hits: integer("hits").notNull().default(0),
});
