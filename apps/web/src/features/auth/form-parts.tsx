import { Loader2 } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "../../shared/ui/button.tsx";
import { Field } from "../../shared/ui/field.tsx";
import type { FormError } from "./auth-errors.ts";

/** A form's error, announced when it appears; a weak password lists its reasons. */
export function FormErrorMessage({ id, error }: { id: string; error: FormError | null }) {
  if (!error) return null;
  return (
    <div id={id} role="alert" className="rounded-xl border border-red-500/40 bg-red-500/10 px-4 py-3 text-sm text-red-200">
      <p>{error.message}</p>
      {error.reasons.length ? (
        <ul className="mt-1 list-disc pl-5">
          {error.reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** The form's main action, full width, with a spinner while it works. */
export function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <Button type="submit" size="lg" className="w-full" disabled={busy}>
      {busy ? <Loader2 aria-hidden="true" className="size-4 animate-spin" /> : null}
      {children}
    </Button>
  );
}

/** A calm confirmation in place of a form (a link or code is on its way). */
export function FormNotice({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="rounded-xl border border-neutral-800 bg-neutral-900 px-4 py-3 text-sm text-neutral-200">
      {children}
    </p>
  );
}

export const FORM_CLASS = "mt-6 flex flex-col gap-4";

interface CredentialFieldsProps {
  email: string;
  password: string;
  onEmail: (value: string) => void;
  onPassword: (value: string) => void;
  /** "current-password" to sign in, "new-password" to sign up. */
  passwordAutoComplete: "current-password" | "new-password";
  passwordHint?: string;
  /** The form's error and its id: an error without a field marks both fields. */
  error: FormError | null;
  errorId: string;
}

/** Email and password, as sign-in and sign-up ask for them, each marked when the error names it. */
export function CredentialFields({ email, password, onEmail, onPassword, passwordAutoComplete, passwordHint, error, errorId }: CredentialFieldsProps) {
  const invalid = (field: "email" | "password") => Boolean(error && (!error.field || error.field === field));
  return (
    <>
      <Field label="Email" type="email" value={email} onChange={(event) => onEmail(event.target.value)} autoComplete="email" invalid={invalid("email")} aria-describedby={invalid("email") ? errorId : undefined} />
      <Field
        label="Password"
        type="password"
        value={password}
        onChange={(event) => onPassword(event.target.value)}
        autoComplete={passwordAutoComplete}
        invalid={invalid("password")}
        aria-describedby={invalid("password") ? errorId : undefined}
        hint={passwordHint}
      />
    </>
  );
}
