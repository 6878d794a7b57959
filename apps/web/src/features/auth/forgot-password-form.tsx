import { useState } from "react";
import { Field } from "../../shared/ui/field.tsx";
import { requestPasswordReset } from "./auth-api.ts";
import { FORM_CLASS, FormErrorMessage, FormNotice, SubmitButton } from "./form-parts.tsx";
import { useAuthForm } from "./use-auth-form.ts";

export function ForgotPasswordForm() {
  const [email, setEmail] = useState("");
  const [sent, setSent] = useState(false);
  const { errorId, error, busy, refuse, onSubmit } = useAuthForm();
  const submit = onSubmit(
    async () => {
      await requestPasswordReset(email.trim());
      setSent(true);
    },
    () => Boolean(email.trim()) || (refuse("Please enter your email address", { field: "email" }), false),
  );
  if (sent) {
    return (
      <div className="mt-6">
        <FormNotice>If an account exists for {email.trim()}, a reset link is on its way. Check your inbox.</FormNotice>
      </div>
    );
  }
  return (
    <form className={FORM_CLASS} onSubmit={submit} noValidate>
      <Field label="Email" type="email" value={email} onChange={(event) => setEmail(event.target.value)} autoComplete="email" invalid={Boolean(error)} aria-describedby={error ? errorId : undefined} />
      <FormErrorMessage id={errorId} error={error} />
      <SubmitButton busy={busy}>Send reset link</SubmitButton>
    </form>
  );
}
