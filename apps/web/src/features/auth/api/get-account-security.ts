import { queryOptions, useQuery } from "@tanstack/react-query";
import { authRequest } from "../../../shared/session/auth-client.ts";

export interface AccountSecurity {
  email: string;
  emailVerified: boolean;
  twoFactorEnabled: boolean;
  /** Phone-only accounts carry a placeholder address on a reserved domain (auth-options.ts). */
  hasRealEmail: boolean;
}

export const accountSecurityQueryKey = ["account-security"] as const;

/** better-auth's own view of the session's user: /api/me does not carry the two-factor state. */
export async function fetchAccountSecurity(): Promise<AccountSecurity> {
  const session = await authRequest<{ user: { email: string; emailVerified: boolean; twoFactorEnabled?: boolean | null } } | null>("/get-session", undefined, "GET");
  if (!session) throw new Error("Not signed in");
  const { email, emailVerified, twoFactorEnabled } = session.user;
  return { email, emailVerified, twoFactorEnabled: Boolean(twoFactorEnabled), hasRealEmail: !email.endsWith(".reelmart.invalid") };
}

export const accountSecurityQuery = queryOptions({ queryKey: accountSecurityQueryKey, queryFn: fetchAccountSecurity });

export const useAccountSecurity = () => useQuery(accountSecurityQuery);
