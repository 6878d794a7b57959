import { readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import js from "@eslint/js";
import importX, { createNodeResolver } from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import formattersFromCore from "./scripts/lint/formatters-from-core.mjs";
import noSwallowedErrors from "./scripts/lint/no-swallowed-errors.mjs";

const root = path.dirname(fileURLToPath(import.meta.url));
const WEB = "apps/web/src";
const SERVER = "apps/server/src";

// Every folder under features/ is a feature: a new one is fenced in the moment it exists.
const FEATURES = readdirSync(path.join(root, WEB, "features"), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * The layers, as import zones (Bulletproof React's .eslintrc.cjs): shared code knows no feature, no
 * feature knows another or the app that composes them, core knows no app; on the server, services hold
 * no HTTP and modules do not reach into the command line's entry point.
 */
const LAYER_ZONES = [
  { target: `./${WEB}/shared`, from: `./${WEB}/features`, message: "Shared code must not import a feature; move what both need into src/shared." },
  { target: `./${WEB}/shared`, from: `./${WEB}/app`, message: "Shared code must not import the app layer." },
  { target: `./${WEB}/features`, from: `./${WEB}/app`, message: "Features must not import the app layer; the app composes features, not the reverse." },
  ...FEATURES.map((feature) => ({
    target: `./${WEB}/features/${feature}`,
    from: `./${WEB}/features`,
    except: [`./${feature}`],
    message: "Features must not import each other; move shared pieces to src/shared.",
  })),
  { target: "./packages/core", from: "./apps", message: "packages/core is shared by the apps and imports neither." },
];
const SERVER_ZONES = [
  {
    target: `./${SERVER}/modules/**/*.service.ts`,
    from: `./${SERVER}/http`,
    message: "Services hold no HTTP: throw the domain error (shared/errors.ts) and let the route choose the status.",
  },
  { target: `./${SERVER}/shared`, from: `./${SERVER}/http`, message: "The server's shared domain pieces hold no HTTP; the edge (http/) imports them, not the reverse." },
  { target: `./${SERVER}/modules`, from: `./${SERVER}/cli.ts`, message: "Modules must not import cli.ts (it imports every module: a cycle)." },
];

export default tseslint.config(
  { ignores: ["**/dist/**", "**/node_modules/**", "data/**", "test-results/**", "playwright-report/**", "bench/results/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-explicit-any": "off",
    },
  },
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/resolver-next": [createNodeResolver({ extensions: [".ts", ".tsx", ".js", ".mjs"] })],
    },
    rules: {
      "import-x/no-restricted-paths": ["error", { basePath: root, zones: [...LAYER_ZONES, ...SERVER_ZONES] }],
      // Type-only imports vanish at run time but still tie the modules together for a reader; this rule
      // skips them and has no option not to, so scripts/lint-rules.test.ts looks for those cycles.
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
    },
  },
  {
    // A caught error is logged and answered for, or a `// swallowed: <why>` comment says why not.
    files: ["**/*.{ts,tsx,js,mjs}"],
    plugins: { reelmart: { rules: { "no-swallowed-errors": noSwallowedErrors } } },
    rules: { "reelmart/no-swallowed-errors": "error" },
  },
  {
    // Plain browser scripts served as they are (the embed's, decision 165): no bundler, no node.
    files: ["apps/web/public/**/*.js"],
    languageOptions: { sourceType: "script", globals: { ...globals.browser } },
  },
  {
    files: ["apps/web/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "warn" },
  },
  {
    // Dates, times, numbers and money are written by packages/core/src/format.ts alone (decision 211).
    files: ["**/*.{ts,tsx,js,mjs}"],
    plugins: { formatters: { rules: { "from-core": formattersFromCore } } },
    rules: { "formatters/from-core": "error" },
  },
  {
    // Tests and the payment stand-in state the text a reader sees ("₹1,499.00", Razorpay's own "Pay ₹…").
    files: ["**/*.test.{ts,tsx}", "e2e/**", "apps/server/src/testing/**"],
    rules: { "formatters/from-core": ["error", { allowRupeeText: true }] },
  },
  {
    // The formatters themselves, their test (which holds them to Intl's output), and the benchmarks'
    // console reports for developers (plain .mjs, which cannot import the TypeScript module).
    files: ["packages/core/src/format.ts", "packages/core/src/format.test.ts", "bench/**"],
    rules: { "formatters/from-core": "off" },
  },
);
