import { authRequest } from "../../../shared/session/auth-client.ts";

export const signInWithEmailCode = (email: string, otp: string) => authRequest<{ user: { id: string } }>("/sign-in/email-otp", { email, otp });
