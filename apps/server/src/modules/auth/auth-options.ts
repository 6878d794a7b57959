import { passwordWeaknesses } from "@reelmart/core/password-policy";
import type { BetterAuthOptions } from "better-auth";
import { sql } from "kysely";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { bearer, emailOTP, genericOAuth, jwt, magicLink, openAPI, phoneNumber, twoFactor } from "better-auth/plugins";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/database.ts";
import { isDatabaseUnavailable } from "../../db/database-unavailable.ts";
import { type Logger, createLogger, requestScope } from "../../logger.ts";
import { type Delivery, createLogDelivery } from "./delivery.ts";

export interface AuthOptionsInput {
  config: Config;
  database: Database;
  secret: string;
  /** Where emails and SMS go; the default writes them to the server log. */
  delivery?: Delivery;
  /** The server's log, for better-auth's messages and the default delivery's lines (a CLI gets its own). */
  logger?: Logger;
}

/** The header our own HTTP layer sets from the socket address (never trusted from the client). */
export const CLIENT_IP_HEADER = "x-reelmart-client-ip";

export const MISSING_CREDENTIALS_MESSAGE = "You must provide either an email or phone number and a password";

// Paths whose body carries a new password that must pass the policy.
const NEW_PASSWORD_FIELDS: Record<string, "password" | "newPassword"> = {
  "/sign-up/email": "password",
  "/reset-password": "newPassword",
  "/change-password": "newPassword",
  "/phone-number/reset-password": "newPassword",
};
const CREDENTIAL_PATHS = new Set(["/sign-in/email", "/sign-up/email", "/sign-in/phone-number"]);

/** Refuses empty credentials and weak passwords before better-auth's own handlers run. */
const credentialChecks = createAuthMiddleware(async (ctx) => {
  const body = (ctx.body ?? {}) as Record<string, unknown>;
  if (CREDENTIAL_PATHS.has(ctx.path)) {
    const identifier = ctx.path === "/sign-in/phone-number" ? body.phoneNumber : body.email;
    if (typeof identifier !== "string" || !identifier.trim() || typeof body.password !== "string" || !body.password) {
      throw new APIError("BAD_REQUEST", { code: "VALIDATION_FAILED", message: MISSING_CREDENTIALS_MESSAGE });
    }
  }
  const field = NEW_PASSWORD_FIELDS[ctx.path];
  if (field && typeof body[field] === "string") {
    const email = typeof body.email === "string" ? body.email : ctx.context.session?.user.email;
    const reasons = passwordWeaknesses(body[field] as string, email);
    if (reasons.length) throw new APIError("BAD_REQUEST", { code: "WEAK_PASSWORD", message: "Password is too weak", reasons });
  }
});

export const SINGLE_IDENTITY_MESSAGE = "You cannot remove your only way to sign in.";

/** What a banned user's sign-in answers (401, code ACCOUNT_SUSPENDED). */
export const ACCOUNT_SUSPENDED_MESSAGE = "This account is suspended. Contact the store if you think this is a mistake.";

/**
 * better-auth's refusal to unlink the last account, answered with the spec's code (000 §4) so the
 * web app treats it as an identity error that keeps the session.
 */
const identityErrors = createAuthMiddleware(async (ctx) => {
  const returned = ctx.context.returned as { body?: { code?: unknown } } | undefined;
  if (ctx.path === "/unlink-account" && returned?.body?.code === "FAILED_TO_UNLINK_LAST_ACCOUNT") {
    throw new APIError("BAD_REQUEST", { code: "single_identity_not_deletable", message: SINGLE_IDENTITY_MESSAGE });
  }
});

/**
 * One definition of better-auth's options, used both to run its migrations and to serve /api/auth,
 * so the tables always match the plugins in use.
 */
export function buildAuthOptions({ config, database, secret, delivery, logger = createLogger(config) }: AuthOptionsInput): BetterAuthOptions {
  const send = delivery ?? createLogDelivery(logger, config.messageOutboxDir);
  const secure = config.publicUrl.startsWith("https://");
  return {
    appName: "Reelmart",
    baseURL: config.publicUrl,
    basePath: "/api/auth",
    secret,
    database: { db: database.db, type: "postgres" },
    trustedOrigins: config.trustedOrigins,
    telemetry: { enabled: false },
    // better-auth's own messages (a refused callbackURL, an unknown OAuth state) go to our log, at our level.
    // better-auth answers any failure of its queries 500, and neither its logger nor its error hook
    // can change that answer (decision 221): a database that is away, seen by either, is noted on
    // the request, which auth.ts then answers 503 as our own routes do, and logged as a warning.
    logger: {
      log: (level, message, ...args) => {
        const away = args.some(noteIfDatabaseAway);
        logger[away && level === "error" ? "warn" : level]({ args }, `[better-auth] ${message}`);
      },
    },
    onAPIError: {
      onError: (error) => {
        if (noteIfDatabaseAway(error)) logger.warn({ err: (error as Error).message }, "database unavailable");
        // A refusal (4xx) is the client's, and is answered as it is.
        else if (!(error instanceof APIError) || error.statusCode >= 500) logger.error({ err: error }, "[better-auth] request failed");
      },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      autoSignIn: true,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) => {
        // A user with no sign-in method yet was invited by an admin (POST /api/admin/invitations):
        // the same set-password link, worded as an invitation.
        const accounts = await sql<{ id: string }>`select id from account where "userId" = ${user.id} limit 1`.execute(database.db);
        if (accounts.rows.length === 0) {
          await send.sendEmail({ to: user.email, subject: "You're invited to Reelmart", text: `You have been invited to Reelmart. Open this link to choose your password: ${url}` });
          return;
        }
        await send.sendEmail({ to: user.email, subject: "Reset your Reelmart password", text: `Open this link to choose a new password: ${url}` });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      sendVerificationEmail: async ({ user, url }) => {
        await send.sendEmail({ to: user.email, subject: "Verify your email for Reelmart", text: `Open this link to verify your email: ${url}` });
      },
    },
    user: {
      changeEmail: {
        enabled: true,
        sendChangeEmailConfirmation: async ({ user, newEmail, url }) => {
          await send.sendEmail({ to: user.email, subject: "Confirm your new Reelmart email", text: `Open this link to change your email to ${newEmail}: ${url}` });
        },
      },
    },
    session: {
      // Sliding sessions: a week long, extended at most once a day while in use (the spec's
      // "refreshed automatically"), with a short signed cookie cache to spare the database.
      expiresIn: 60 * 60 * 24 * 7,
      updateAge: 60 * 60 * 24,
      freshAge: 60 * 10,
    },
    rateLimit: {
      // Enabled in every environment (better-auth would skip it outside production) and stored in
      // PostgreSQL so several instances share the counters (DESIGN.md).
      enabled: true,
      storage: "database",
      window: 60,
      max: 100,
      customRules: {
        "/sign-in/email": { window: 10, max: 3 },
        "/sign-in/phone-number": { window: 10, max: 3 },
        "/sign-up/email": { window: 10, max: 5 },
        "/request-password-reset": { window: 60, max: 3 },
        "/send-verification-email": { window: 60, max: 3 },
      },
    },
    advanced: {
      // better-auth skips the origin check when NODE_ENV=test; we want tests to see production behaviour.
      disableOriginCheck: false,
      useSecureCookies: secure,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    // Google is one provider id ("google") either way, so /sign-in/social, /callback/google, linking
    // and ID-token sign-in (One Tap) are the same calls. Offline access with a consent prompt
    // (000 §7) so a refresh token is issued every time.
    ...(config.google && !config.google.issuer
      ? {
          socialProviders: {
            google: { clientId: config.google.clientId, clientSecret: config.google.clientSecret, accessType: "offline", prompt: "select_account consent" },
          },
        }
      : {}),
    account: {
      // Linking Google to an email account; the last identity cannot be unlinked (better-auth refuses it, identityErrors names it).
      accountLinking: { enabled: true, trustedProviders: ["google"], allowDifferentEmails: false },
    },
    plugins: [
      // Describes better-auth's endpoints for /api/openapi.json (auth-openapi.ts); its own HTML reference page stays off.
      openAPI({ disableDefaultReference: true }),
      bearer(),
      jwt(),
      twoFactor({ issuer: "Reelmart" }),
      phoneNumber({
        sendOTP: async ({ phoneNumber: to, code }) => send.sendSms({ to, text: `Your Reelmart code is ${code}` }),
        sendPasswordResetOTP: async ({ phoneNumber: to, code }) => send.sendSms({ to, text: `Your Reelmart password reset code is ${code}` }),
        signUpOnVerification: {
          // Phone-only accounts get a placeholder address on a reserved domain (RFC 2606), never mailed.
          getTempEmail: (phone) => `${phone.replace(/[^0-9]/g, "")}@phone.reelmart.invalid`,
          getTempName: (phone) => phone,
        },
      }),
      emailOTP({
        sendVerificationOTP: async ({ email, otp, type }) =>
          send.sendEmail({ to: email, subject: "Your Reelmart code", text: `Your ${type.replace(/-/g, " ")} code is ${otp}` }),
      }),
      magicLink({
        sendMagicLink: async ({ email, url }) => send.sendEmail({ to: email, subject: "Sign in to Reelmart", text: `Open this link to sign in: ${url}` }),
      }),
      // GOOGLE_ISSUER (a test or staging identity provider) replaces Google's fixed endpoints and
      // keys with the issuer's discovery document: authorization, token and JWKS all come from it,
      // so redirect sign-in and One Tap ID tokens are verified against that issuer only.
      ...(config.google?.issuer
        ? [
            genericOAuth({
              config: [
                {
                  providerId: "google",
                  discoveryUrl: new URL(".well-known/openid-configuration", `${config.google.issuer.replace(/\/$/, "")}/`).href,
                  clientId: config.google.clientId,
                  clientSecret: config.google.clientSecret,
                  scopes: ["openid", "email", "profile"],
                  accessType: "offline",
                  prompt: "select_account consent",
                  pkce: true,
                  requireIdTokenVerification: true,
                },
              ],
            }),
          ]
        : []),
    ],
    hooks: { before: credentialChecks, after: identityErrors },
    databaseHooks: {
      user: {
        create: {
          // Every user has a profiles row from sign-up on (000 §3); is_admin lives there.
          after: async (user) => {
            await database.db.insertInto("profiles").values({ id: user.id }).onConflict((oc) => oc.column("id").doNothing()).execute();
          },
        },
      },
      session: {
        create: {
          // A user an admin banned (modules/admin/users.service.ts) cannot start a new session, and
          // is told why (returning false would answer 'Failed to create session').
          before: async (session) => {
            const profile = await database.db.selectFrom("profiles").select("banned_at").where("id", "=", session.userId).executeTakeFirst();
            if (profile?.banned_at) throw new APIError("UNAUTHORIZED", { code: "ACCOUNT_SUSPENDED", message: ACCOUNT_SUSPENDED_MESSAGE });
            return undefined;
          },
        },
      },
    },
  };
}

/** Whether `error` says the database is away; if so, the request better-auth is serving is marked (auth.ts answers it 503). */
function noteIfDatabaseAway(error: unknown): boolean {
  if (!isDatabaseUnavailable(error)) return false;
  const scope = requestScope.getStore();
  if (scope) scope.databaseAway = true;
  return true;
}
