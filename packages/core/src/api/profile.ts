import { z } from "zod";
import { safeText } from "./text.ts";

/** The signed-in user as GET /api/me returns it; `name` follows the display-name rule (display-name.ts). */
export const MeSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  isAdmin: z.boolean(),
});
export type Me = z.infer<typeof MeSchema>;

/**
 * GET /api/session: who is asking, if anyone. Always 200 (user null when signed out), so the app
 * learns the visitor is anonymous without a 401 in the browser's console on every page load.
 */
export const SessionSchema = z.object({ user: MeSchema.nullable() });
export type Session = z.infer<typeof SessionSchema>;

export const PROFILE_NAME_MAX_LENGTH = 100;

/** PATCH /api/me/profile body: either name, trimmed by the server; null or empty clears it. */
export const ProfileNamesSchema = z.object({
  firstName: safeText("First name").max(PROFILE_NAME_MAX_LENGTH).nullable().optional(),
  lastName: safeText("Last name").max(PROFILE_NAME_MAX_LENGTH).nullable().optional(),
});
