import { z } from "zod";

/** GET /api/auth-providers: the optional sign-in methods this server has configured (Google's client id is public by design). */
export const AuthProvidersSchema = z.object({ google: z.object({ clientId: z.string() }).nullable() });
export type AuthProviders = z.infer<typeof AuthProvidersSchema>;
