import { developerTextIn } from "@reelmart/core/api/developer-text.test-helper";
import { fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SignUpForm } from "./sign-up-form.tsx";

// Decision 213: the server refuses a bad email in words (apps/server's auth-edge answers better-auth's
// '[body.email] Invalid email address' as a sentence naming the field); the form shows them and
// marks that field only.

function stubSignUp(status: number, body: unknown) {
  vi.stubGlobal(
    "fetch",
    vi.fn(() => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } }))),
  );
}

describe("SignUpForm's refusals", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows the server's sentence for a bad email and marks the email field, not the password", async () => {
    const sentence = "Enter a valid email address, like name@example.com";
    stubSignUp(400, { error: { code: "VALIDATION_ERROR", message: sentence, field: "email" } });
    render(<SignUpForm onSignedIn={() => Promise.resolve()} />);
    fireEvent.change(screen.getByLabelText("Email"), { target: { value: "asha@" } });
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "correct-horse-battery" } });
    fireEvent.click(screen.getByRole("button", { name: "Create account" }));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(sentence);
    expect(developerTextIn(alert.textContent ?? "")).toBeUndefined();
    expect(screen.getByLabelText("Email")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText("Password")).not.toHaveAttribute("aria-invalid");
  });
});
