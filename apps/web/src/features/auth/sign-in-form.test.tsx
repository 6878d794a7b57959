import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MISSING_CREDENTIALS } from "./auth-errors.ts";
import { SignInForm } from "./sign-in-form.tsx";

/** better-auth's sign-in endpoint, answering with `status` and `body`. */
function stubSignIn(status: number, body: unknown) {
  const calls: unknown[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn((_input: URL | string, init?: RequestInit) => {
      calls.push(JSON.parse(String(init?.body)));
      return Promise.resolve(new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } }));
    }),
  );
  return calls;
}

function renderForm() {
  const handlers = { onSignedIn: vi.fn(() => Promise.resolve()), onTwoFactor: vi.fn(), onForgot: vi.fn() };
  render(<SignInForm {...handlers} />);
  return handlers;
}

const fill = (email: string, password: string) => {
  fireEvent.change(screen.getByLabelText("Email"), { target: { value: email } });
  fireEvent.change(screen.getByLabelText("Password"), { target: { value: password } });
};

describe("SignInForm (the shared account-form state)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("refuses empty fields with the spec's words and sends nothing", () => {
    const calls = stubSignIn(200, {});
    renderForm();
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    expect(screen.getByRole("alert")).toHaveTextContent(MISSING_CREDENTIALS);
    expect(calls).toHaveLength(0);
  });

  it("shows the server's refusal under the form, marks the fields and frees the button", async () => {
    stubSignIn(401, { error: { code: "INVALID_EMAIL_OR_PASSWORD", message: "Invalid email or password" } });
    renderForm();
    fill("a@example.test", "wrong-password");
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Invalid email or password");
    expect(screen.getByLabelText("Email")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByRole("button", { name: "Sign in" })).toBeEnabled();
  });

  it("signs in with the trimmed email and keeps the button busy while the page moves on", async () => {
    const calls = stubSignIn(200, { user: { id: "u1" } });
    const handlers = renderForm();
    fill("  a@example.test ", "correct-horse-battery");
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    await waitFor(() => expect(handlers.onSignedIn).toHaveBeenCalled());
    expect(calls[0]).toMatchObject({ email: "a@example.test", password: "correct-horse-battery" });
    expect(screen.getByRole("button", { name: "Sign in" })).toBeDisabled();
  });

  it("hands over to the two-factor step when the account has it on", async () => {
    stubSignIn(200, { twoFactorRedirect: true });
    const handlers = renderForm();
    fill("a@example.test", "correct-horse-battery");
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    await waitFor(() => expect(handlers.onTwoFactor).toHaveBeenCalled());
    expect(handlers.onSignedIn).not.toHaveBeenCalled();
  });
});
