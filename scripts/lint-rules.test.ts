import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import ts from "typescript";
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

  // Decision 225: the edge (http/) serves every module and knows none, and the fast lane's answers
  // sit in their modules, each listed in one registry, whose parity test tries every answer listed.
  describe("the server's edge and its fast lane", () => {
    const server = path.join(root, "apps/server/src");
    const modules = path.join(server, "modules");
    const REGISTRY = path.join(server, "lane-answers.ts");
    const sourcesUnder = (folder: string) =>
      readdirSync(folder, { recursive: true, encoding: "utf8" })
        .filter((file) => /\.tsx?$/.test(file))
        .map((file) => path.join(folder, file));
    const isModuleLane = (file: string) => file.startsWith(modules + path.sep) && file.endsWith(".lane.ts");

    /** The modules' files `file` imports: type-only, dynamic and in tests too. */
    const moduleImports = (file: string, code: string) =>
      ts
        .preProcessFile(code, true, true)
        .importedFiles.map((imported) => imported.fileName)
        .filter((specifier) => specifier.startsWith("."))
        .map((specifier) => path.resolve(path.dirname(file), specifier))
        .filter((target) => target.startsWith(modules + path.sep))
        .map((target) => path.relative(server, target));

    /**
     * What the registry's source gets wrong, given every `*.lane.ts` of the server: a lane file it
     * does not list in `laneAnswers`, and an entry that is not an answer imported from a module's `*.lane.ts`.
     */
    function registryFaults(code: string, laneFiles: string[]): string[] {
      const source = ts.createSourceFile(REGISTRY, code, ts.ScriptTarget.Latest, true);
      const importedFrom = new Map<string, string>();
      const listed: ts.Expression[] = [];
      for (const statement of source.statements) {
        if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
          const from = path.resolve(server, statement.moduleSpecifier.text);
          const bindings = statement.importClause?.namedBindings;
          if (bindings && ts.isNamedImports(bindings)) for (const element of bindings.elements) importedFrom.set(element.name.text, from);
        }
        if (ts.isVariableStatement(statement)) {
          for (const declaration of statement.declarationList.declarations) {
            if (declaration.name.getText(source) === "laneAnswers" && declaration.initializer && ts.isArrayLiteralExpression(declaration.initializer)) listed.push(...declaration.initializer.elements);
          }
        }
      }
      const listedFiles = new Set<string>();
      const faults: string[] = [];
      for (const entry of listed) {
        const from = ts.isIdentifier(entry) ? importedFrom.get(entry.text) : undefined;
        if (from && isModuleLane(from)) listedFiles.add(from);
        else faults.push(`lists ${entry.getText(source)}, which is not an answer imported from a module's *.lane.ts`);
      }
      for (const file of laneFiles) if (!listedFiles.has(file)) faults.push(`does not list ${path.relative(server, file)}`);
      return faults;
    }

    it("refuses a file of http/ importing a module, type-only or in a test", () => {
      const code = `import type { CartLine } from "../modules/cart/cart.service.ts";\nimport { sendError } from "./errors.ts";\nimport { vi } from "vitest";\n`;
      expect(moduleImports(path.join(server, "http/zone-probe.test.ts"), code)).toEqual([path.join("modules", "cart", "cart.service.ts")]);
    });

    it("finds no file of http/ importing a module", () => {
      const found = sourcesUnder(path.join(server, "http")).flatMap((file) => moduleImports(file, readFileSync(file, "utf8")).map((target) => `${path.relative(server, file)} imports ${target}`));
      expect(found).toEqual([]);
    });

    it("refuses a lane answer the registry does not list, and a registry entry that is not a module's lane answer", () => {
      const code = [
        `import type { LaneAnswer } from "./fast-lane.ts";`,
        `import { feedPageLane } from "./modules/feed/feed.lane.ts";`,
        `import { edgeLane } from "./http/edge.lane.ts";`,
        `const inline: LaneAnswer = feedPageLane;`,
        `export const laneAnswers: readonly LaneAnswer[] = [feedPageLane, edgeLane, inline];`,
      ].join("\n");
      const laneFiles = ["modules/feed/feed.lane.ts", "modules/search/search.lane.ts", "http/edge.lane.ts"].map((file) => path.join(server, file));
      expect(registryFaults(code, laneFiles)).toEqual([
        "lists edgeLane, which is not an answer imported from a module's *.lane.ts",
        "lists inline, which is not an answer imported from a module's *.lane.ts",
        `does not list ${path.join("modules", "search", "search.lane.ts")}`,
        `does not list ${path.join("http", "edge.lane.ts")}`,
      ]);
    });

    it("finds every *.lane.ts of the server listed in lane-answers.ts, and nothing else there", () => {
      const laneFiles = sourcesUnder(server).filter((file) => file.endsWith(".lane.ts"));
      expect(laneFiles.length).toBeGreaterThan(0);
      expect(registryFaults(readFileSync(REGISTRY, "utf8"), laneFiles)).toEqual([]);
    });
  });

  describe("one formatter per kind of value", () => {
    const RULE = "formatters/from-core";
    const reported = async (code: string, file = "apps/web/src/features/admin/format-probe.tsx") =>
      (await ruleIdsFor(code, file)).filter((message) => message.startsWith(RULE));

    it("reports Intl and toLocale*String outside format.ts, on the web, the server and in e2e", async () => {
      const code = [
        "export const day = (date: Date) => date.toLocaleDateString(\"en-IN\");",
        "export const time = (date: Date) => date.toLocaleTimeString();",
        "export const count = (value: number) => value.toLocaleString(\"en-IN\");",
        "export const money = new Intl.NumberFormat(\"en-IN\", { style: \"currency\", currency: \"INR\" });",
        "const { DateTimeFormat } = Intl;",
        "export const axis = new DateTimeFormat(\"en-US\");",
      ].join("\n");
      const messages = await reported(code);
      expect(messages).toHaveLength(5);
      expect(messages[0]).toContain("not .toLocaleDateString(): each kind of value has one formatter");
      expect(await reported(code, "apps/server/src/modules/orders/format-probe.ts")).toHaveLength(5);
      expect(await reported(code, "e2e/format-probe.spec.ts")).toHaveLength(5);
    });

    it("reports money built by hand around '₹', and leaves a lone '₹' label alone", async () => {
      const code = [
        "declare const paise: number;",
        "declare const total: string;",
        "export const email = `Pay ₹${total} in cash on delivery.`;",
        "export const joined = \"Pay ₹\" + total;",
        "export const written = \"Free delivery from ₹499\";",
        "export const cell = <p>₹{total}</p>;",
        "export const text = <p>Free delivery from ₹499</p>;",
        "export const label = \"Price (₹)\";",
        "export const field = <label>Price +/- (₹)</label>;",
        "export const plain = `${paise} paise`;",
      ].join("\n");
      const messages = await reported(code);
      expect(messages).toHaveLength(5);
      expect(messages.every((message) => message.includes("Write money with formatPrice"))).toBe(true);
    });

    it("reports fromPaise's bare decimal written into a text, and leaves it alone as a value or inside formatPrice", async () => {
      const code = [
        "import { formatPrice, fromPaise } from \"@reelmart/core/format\";",
        "declare const paise: number;",
        "export const note = `Captured ${fromPaise(paise)} does not match the order total`;",
        "export const joined = \"Total \" + fromPaise(paise);",
        "export const formatted = `Captured ${formatPrice(fromPaise(paise))} does not match the order total`;",
        "export const body = { total: fromPaise(paise) };",
        "export const json = `{\"total\":${JSON.stringify(fromPaise(paise))}}`;",
      ].join("\n");
      const messages = await reported(code, "apps/server/src/modules/orders/format-probe.ts");
      expect(messages).toHaveLength(2);
      expect(messages.every((message) => message.includes("fromPaise alone gives the API's decimal"))).toBe(true);
    });

    it("lets tests and the payment stand-in state the '₹' text a reader sees, but not format with Intl", async () => {
      const code = "export const seen = \"₹1,499.00\";\nexport const pay = \"Pay ₹\" + (100).toFixed(2);\nexport const day = new Date().toLocaleDateString();\n";
      for (const file of ["apps/web/src/features/cart/probe.test.tsx", "e2e/format-probe.spec.ts", "apps/server/src/testing/format-probe.ts"]) {
        expect(await reported(code, file)).toEqual([expect.stringContaining("not .toLocaleDateString()")]);
      }
    });

    it("does not report the format module, where the formatters live", async () => {
      const [result] = await eslint.lintFiles([path.join(root, "packages/core/src/format.ts")]);
      expect(result!.messages.filter((message) => message.ruleId === RULE)).toEqual([]);
      // The module does use what the rule forbids elsewhere: the rule is off there, not blind to it.
      const elsewhere = await reported(readFileSync(path.join(root, "packages/core/src/format.ts"), "utf8"), "packages/core/src/format-copy.ts");
      expect(elsewhere.length).toBeGreaterThan(0);
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

    // import-x/no-cycle skips `import type` and has no option to follow it, so the type-only
    // cycles it cannot see are looked for here, over every import of the code the apps are built from.
    it("finds no cycle through the source, type-only imports included", () => {
      const sources = ["packages/core/src", "apps/server/src", "apps/web/src"].flatMap((folder) =>
        readdirSync(path.join(root, folder), { recursive: true, encoding: "utf8" })
          .filter((file) => /\.tsx?$/.test(file) && !file.endsWith(".d.ts"))
          .map((file) => path.join(root, folder, file)),
      );
      const known = new Set(sources);
      const core = "@reelmart/core/";
      const imports = new Map(
        sources.map((file) => {
          const specifiers = ts.preProcessFile(readFileSync(file, "utf8"), true, true).importedFiles.map((imported) => imported.fileName);
          const targets = specifiers.map((specifier) =>
            specifier.startsWith(core) ? path.join(root, "packages/core/src", `${specifier.slice(core.length)}.ts`) : path.resolve(path.dirname(file), specifier),
          );
          return [file, targets.filter((target) => known.has(target))];
        }),
      );
      const cycles: string[] = [];
      const done = new Set<string>();
      const visit = (file: string, route: string[]) => {
        const at = route.indexOf(file);
        if (at >= 0) return void cycles.push([...route.slice(at), file].map((step) => path.relative(root, step)).join(" -> "));
        if (done.has(file)) return;
        for (const target of imports.get(file) ?? []) visit(target, [...route, file]);
        done.add(file);
      };
      for (const file of sources) visit(file, []);
      expect(cycles).toEqual([]);
    });
  });
});
