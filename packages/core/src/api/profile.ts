import { z } from "zod";

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
