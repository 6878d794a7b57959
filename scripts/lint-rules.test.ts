import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { afterAll, describe, expect, it } from "vitest";

// The layer rules in eslint.config.js, tried on code that breaks them: each must be reported.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const eslint = new ESLint({ cwd: root });

async function ruleIdsFor(code: string, file: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map((message) => `${message.ruleId}: ${message.message}`);
}

describe("lint holds the layers", () => {
  it("refuses a shared module importing a feature", async () => {
    const messages = await ruleIdsFor(`import { FeedPage } from "../../features/feed/feed-page.tsx";\nexport const page = FeedPage;\n`, "apps/web/src/shared/ui/zone-probe.ts");
    expect(messages).toEqual([expect.stringContaining("import-x/no-restricted-paths: Unexpected path \"../../features/feed/feed-page.tsx\"")]);
  });

  it("refuses one feature importing another, for every feature folder", async () => {
    const messages = await ruleIdsFor(`import { FeedPage } from "../feed/feed-page.tsx";\nexport const page = FeedPage;\n`, "apps/web/src/features/saved/zone-probe.ts");
    expect(messages).toEqual([expect.stringContaining("Features must not import each other")]);
  });

  it("lets a feature import its own files and shared code", async () => {
    const code = `import { visitSeed } from "./feed-seed.ts";\nimport { Button } from "../../shared/ui/button.tsx";\nexport const both = [visitSeed, Button];\n`;
    expect(await ruleIdsFor(code, "apps/web/src/features/feed/zone-probe.ts")).toEqual([]);
  });

  it("refuses a feature importing the app layer", async () => {
    const messages = await ruleIdsFor(`import { router } from "../../app/router.tsx";\nexport const r = router;\n`, "apps/web/src/features/feed/zone-probe.ts");
    expect(messages).toEqual([expect.stringContaining("Features must not import the app layer")]);
  });

  it("refuses a server service importing from http/ and a module importing cli.ts", async () => {
    const service = await ruleIdsFor(`import { sendError } from "../../http/errors.ts";\nexport const send = sendError;\n`, "apps/server/src/modules/cart/zone-probe.service.ts");
    expect(service).toEqual([expect.stringContaining("Services hold no HTTP")]);
    const command = await ruleIdsFor(`import type { CliContext } from "../../cli.ts";\nexport type C = CliContext;\n`, "apps/server/src/modules/seed/zone-probe.ts");
    expect(command).toEqual([expect.stringContaining("Modules must not import cli.ts")]);
  });

  it("refuses the server's shared domain pieces importing from http/", async () => {
    const messages = await ruleIdsFor(`import { sendError } from "../http/errors.ts";\nexport const send = sendError;\n`, "apps/server/src/shared/zone-probe.ts");
    expect(messages).toEqual([expect.stringContaining("shared domain pieces hold no HTTP")]);
  });

  describe("caught errors are answered for", () => {
    const SWALLOWED = "reelmart/no-swallowed-errors";
    const swallowed = async (code: string) => (await ruleIdsFor(code, "apps/server/src/modules/cart/catch-probe.ts")).filter((message) => message.startsWith(SWALLOWED));

    it("reports a .catch or a catch clause that drops the error", async () => {
      const code = [
        "export async function probe(work: () => Promise<void>, parse: (text: string) => unknown) {",
        "  await work().catch(() => {});",
        "  await work().catch(() => null);",
        "  await work().catch((_error: unknown) => undefined);",
        "  await work().catch(function () {});",
        "  try { parse(\"x\"); } catch {}",
        "  try { parse(\"x\"); } catch (error) { return null; }",
        "  // A comment that gives no reason in the convention's words does not count.",
        "  try { parse(\"x\"); } catch { /* ignore */ }",
        "}",
      ].join("\n");
      const messages = await swallowed(code);
      expect(messages).toHaveLength(7);
      expect(messages[0]).toContain("`// swallowed: <why>`");
    });

    it("accepts a handler that logs, rethrows, passes the error on, or says why dropping it is right", async () => {
      const code = [
        "declare const logger: { warn(value: unknown, message: string): void };",
        "export async function probe(work: () => Promise<void>, parse: (text: string) => unknown, reject: (error: unknown) => void) {",
        "  await work().catch((error: unknown) => logger.warn({ err: error }, \"work failed\"));",
        "  await work().catch(reject);",
        "  try { parse(\"x\"); } catch (error) { logger.warn({ err: error }, \"unreadable\"); }",
        "  try { parse(\"x\"); } catch { throw new Error(\"The text is not JSON\"); }",
        "  // swallowed: best-effort cleanup of a file that may not exist.",
        "  await work().catch(() => {});",
        "  await work().catch(() => {}); // swallowed: a play() refused by the autoplay policy.",
        "  try {",
        "    parse(\"x\");",
        "  } catch {",
        "    // swallowed: a cursor that is not ours is answered 400 by the caller.",
        "    return null;",
        "  }",
        "}",
      ].join("\n");
      expect(await swallowed(code)).toEqual([]);
    });

    it("does not take a throw inside a nested function for a rethrow", async () => {
      const code = "export function probe(parse: () => void) {\n  try { parse(); } catch { return () => { throw new Error(\"later\"); }; }\n}\n";
      expect(await swallowed(code)).toHaveLength(1);
    });
  });

  describe("cycles", () => {
    const folder = path.join(root, "scripts", `cycle-probe-${process.pid}`);
    afterAll(() => rmSync(folder, { recursive: true, force: true }));

    it("refuses two modules importing each other", async () => {
      mkdirSync(folder, { recursive: true });
      writeFileSync(path.join(folder, "first.ts"), `import { second } from "./second.ts";\nexport const first = () => second;\n`);
      writeFileSync(path.join(folder, "second.ts"), `import { first } from "./first.ts";\nexport const second = () => first;\n`);
      const results = await eslint.lintFiles([folder]);
      const rules = results.flatMap((result) => result.messages.map((message) => `${path.basename(result.filePath)} ${message.ruleId}`));
      expect(rules.sort()).toEqual(["first.ts import-x/no-cycle", "second.ts import-x/no-cycle"]);
    });
  });
});
