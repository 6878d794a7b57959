import { authRequest } from "../../../shared/session/auth-client.ts";

export const disableTwoFactor = (password: string) => authRequest<{ status: boolean }>("/two-factor/disable", { password });
