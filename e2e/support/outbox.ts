import { readFile, readdir } from "node:fs/promises";
import path from "node:path";
import { expect } from "@playwright/test";

// The server under test writes every email and SMS to MESSAGE_OUTBOX_DIR (playwright.config.ts):
// the stand-in for a mail and SMS provider that lets a browser test read a code or a link.


interface OutboxMessage {
  kind: "email" | "sms";
  to: string;
  subject?: string;
  text: string;
}

async function messagesTo(to: string): Promise<OutboxMessage[]> {
  const dir = process.env.MESSAGE_OUTBOX_DIR!;
  // swallowed: no outbox folder yet means no message sent yet.
  const names = (await readdir(dir).catch(() => [] as string[])).sort();
  const messages = await Promise.all(names.map(async (name) => JSON.parse(await readFile(path.join(dir, name), "utf8")) as OutboxMessage));
  return messages.filter((message) => message.to === to);
}

/** How many messages `to` has been sent so far. */
export const messageCount = async (to: string) => (await messagesTo(to)).length;

/** Waits for a message to `to` beyond the first `already`, and returns the first match of `pattern` in the newest one. */
export async function nextMessageMatch(to: string, pattern: RegExp, already: number): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(async () => {
      const messages = await messagesTo(to);
      found = messages.length > already ? pattern.exec(messages[messages.length - 1]!.text)?.[0] : undefined;
      return found;
    }, { timeout: 20_000 })
    .toBeTruthy();
  return found!;
}
