import { useState } from "react";
import { Field } from "../../shared/ui/field.tsx";
import { changeEmail } from "./api/change-email.ts";
import { FormErrorMessage, FormNotice, SubmitButton } from "./form-parts.tsx";
import { useAuthForm } from "./use-auth-form.ts";

/** A new address takes effect once the link sent to the current one is opened. */
export function ChangeEmailForm({ currentEmail }: { currentEmail: string }) {
  const [newEmail, setNewEmail] = useState("");
  const [sentFor, setSentFor] = useState<string | null>(null);
  const { errorId, error, busy, refuse, onSubmit } = useAuthForm();

  const email = newEmail.trim();
  const submit = onSubmit(
    async () => {
      await changeEmail(email);
      setSentFor(email);
    },
    () => /^\S+@\S+\.\S+$/.test(email) || (refuse("Please enter a valid email address", { field: "email" }), false),
  );

  if (sentFor) return <FormNotice>We sent a link to {currentEmail}. Open it to confirm the change to {sentFor}.</FormNotice>;
  return (
    <form className="flex flex-col gap-3" onSubmit={submit} noValidate>
      <Field label="New email" type="email" value={newEmail} onChange={(event) => setNewEmail(event.target.value)} autoComplete="email" invalid={Boolean(error)} aria-describedby={error ? errorId : undefined} />
      <FormErrorMessage id={errorId} error={error} />
      <SubmitButton busy={busy}>Change email</SubmitButton>
    </form>
  );
}
