import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
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

let outboxSequence = 0;

/** One JSON file per message, named so that a directory listing sorts oldest first. */
async function writeToOutbox(dir: string, message: DeliveredMessage) {
  await mkdir(dir, { recursive: true });
  const name = `${Date.now()}-${process.pid}-${String(++outboxSequence).padStart(6, "0")}-${message.kind}.json`;
  await writeFile(path.join(dir, name), JSON.stringify({ ...message, sentAt: new Date().toISOString() }), { mode: 0o600 });
}

/**
 * Writes each message to the log and, when `outboxDir` is set (MESSAGE_OUTBOX_DIR), also as a file
 * there: a stand-in for a mail and SMS provider that people and browser tests can read.
 */
export function createLogDelivery(logger: Logger, outboxDir?: string): Delivery {
  const deliver = async (message: DeliveredMessage) => {
    remember(message);
    if (outboxDir) await writeToOutbox(outboxDir, message);
  };
  return {
    async sendEmail(message) {
      await deliver({ kind: "email", ...message });
      logger.info({ delivery: "email", to: message.to, subject: message.subject }, `[email to ${message.to}] ${message.subject}\n${message.text}`);
    },
    async sendSms(message) {
      await deliver({ kind: "sms", ...message });
      logger.info({ delivery: "sms", to: message.to }, `[sms to ${message.to}] ${message.text}`);
    },
  };
}

/** The newest message sent to an address or phone number, if any. */
export function lastMessageTo(to: string): DeliveredMessage | undefined {
  for (let i = recentMessages.length - 1; i >= 0; i--) if (recentMessages[i]!.to === to) return recentMessages[i];
  return undefined;
}
