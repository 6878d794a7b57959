import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";

// findBy* and waitFor wait up to 5 s, not testing-library's 1 s: in `npm test` these tests share two
// cores with the server's tests and Playwright, and a render after two answered fetches once took
// longer than 1 s there (session 25's CI, load average ~9). The project's testTimeout leaves room for it.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});
