import { authRequest } from "../../../shared/session/auth-client.ts";

/** Texts a one-time sign-in code to the number (through the server's SMS delivery). */
export const sendPhoneCode = (phoneNumber: string) => authRequest<{ message?: string }>("/phone-number/send-otp", { phoneNumber });
