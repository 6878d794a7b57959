import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createLogger } from "../../logger.ts";
import { createLogDelivery, lastMessageTo } from "./delivery.ts";

const logger = createLogger({ logLevel: "silent" });
const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe("the default delivery", () => {
  it("keeps each message for tests and, with an outbox directory, writes it there as a private file, oldest first", async () => {
    const outbox = path.join(mkdtempSync(path.join(os.tmpdir(), "reelmart-outbox-")), "not-yet-made");
    dirs.push(path.dirname(outbox));
    const delivery = createLogDelivery(logger, outbox);
    await delivery.sendSms({ to: "+919876543210", text: "Your Reelmart code is 123456" });
    await delivery.sendEmail({ to: "shopper@example.test", subject: "Sign in to Reelmart", text: "Open this link to sign in: http://x.test/a" });

    const names = readdirSync(outbox).sort();
    expect(names).toHaveLength(2);
    const [sms, email] = names.map((name) => JSON.parse(readFileSync(path.join(outbox, name), "utf8")) as Record<string, string>);
    expect(sms).toMatchObject({ kind: "sms", to: "+919876543210", text: "Your Reelmart code is 123456" });
    expect(email).toMatchObject({ kind: "email", to: "shopper@example.test", subject: "Sign in to Reelmart" });
    expect(new Date(email!.sentAt!).getTime()).not.toBeNaN();
    expect(statSync(path.join(outbox, names[0]!)).mode & 0o077).toBe(0);
    expect(lastMessageTo("+919876543210")).toMatchObject({ kind: "sms" });
  });

  it("without an outbox directory, keeps the message for tests and writes no file", async () => {
    const workDir = mkdtempSync(path.join(os.tmpdir(), "reelmart-no-outbox-"));
    dirs.push(workDir);
    const cwd = process.cwd();
    process.chdir(workDir);
    try {
      const delivery = createLogDelivery(logger);
      await delivery.sendSms({ to: "+919876500000", text: "Your Reelmart code is 654321" });
    } finally {
      process.chdir(cwd);
    }
    expect(lastMessageTo("+919876500000")).toMatchObject({ text: "Your Reelmart code is 654321" });
    expect(readdirSync(workDir)).toEqual([]);
  });
});
