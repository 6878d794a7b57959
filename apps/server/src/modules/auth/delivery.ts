import type { Logger } from "../../logger.ts";

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
}

export interface OutgoingSms {
  to: string;
  text: string;
}

/**
 * How the account flows reach people (verification, reset links, OTP codes, invitations). The
 * default writes every message to the server log so each flow works on one machine with no mail or
 * SMS provider; a real provider implements the same two methods (docs/decisions/041-accounts-delivery.md).
 */
export interface Delivery {
  sendEmail(message: OutgoingEmail): Promise<void>;
  sendSms(message: OutgoingSms): Promise<void>;
}

export type DeliveredMessage = ({ kind: "email" } & OutgoingEmail) | ({ kind: "sms" } & OutgoingSms);

/** The last messages sent by this process, newest last: read by tests to follow links and codes. */
export const recentMessages: DeliveredMessage[] = [];
const RECENT_LIMIT = 200;

function remember(message: DeliveredMessage) {
  recentMessages.push(message);
  if (recentMessages.length > RECENT_LIMIT) recentMessages.splice(0, recentMessages.length - RECENT_LIMIT);
}

export function createLogDelivery(logger: Logger): Delivery {
  return {
    async sendEmail(message) {
      remember({ kind: "email", ...message });
      logger.info({ delivery: "email", to: message.to, subject: message.subject }, `[email to ${message.to}] ${message.subject}\n${message.text}`);
    },
    async sendSms(message) {
      remember({ kind: "sms", ...message });
      logger.info({ delivery: "sms", to: message.to }, `[sms to ${message.to}] ${message.text}`);
    },
  };
}

/** The newest message sent to an address or phone number, if any. */
export function lastMessageTo(to: string): DeliveredMessage | undefined {
  for (let i = recentMessages.length - 1; i >= 0; i--) if (recentMessages[i]!.to === to) return recentMessages[i];
  return undefined;
}
