import { authRequest } from "../../../shared/session/auth-client.ts";

export const changePassword = (input: { currentPassword: string; newPassword: string; revokeOtherSessions: boolean }) =>
  authRequest<{ token: string | null }>("/change-password", input);
