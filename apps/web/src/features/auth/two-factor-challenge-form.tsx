import { useState } from "react";
import { Button } from "../../shared/ui/button.tsx";
import { verifyTwoFactor } from "./api/verify-two-factor.ts";
import { FORM_CLASS, FormErrorMessage, SubmitButton } from "./form-parts.tsx";
import { useAuthForm } from "./use-auth-form.ts";
import { OneTimeCodeField } from "./one-time-code-field.tsx";

/** The second step of signing in with two-factor on: the authenticator's code, or a backup code. */
export function TwoFactorChallengeForm({ onSignedIn }: { onSignedIn: () => Promise<void> }) {
  const [kind, setKind] = useState<"totp" | "backup">("totp");
  const [code, setCode] = useState("");
  const [trustDevice, setTrustDevice] = useState(false);
  const { errorId, error, busy, refuse, onSubmit, clearError } = useAuthForm();

  const submit = onSubmit(
    async () => {
      await verifyTwoFactor(code.trim(), kind, trustDevice);
      await onSignedIn();
    },
    () => Boolean(code.trim()) || (refuse(kind === "totp" ? "Enter the 6-digit code from your authenticator app" : "Enter one of your backup codes"), false),
    { stayBusy: true, describe: (described) => (described.message.toLowerCase().includes("invalid") ? { message: "That code is not right. Try again.", reasons: [] } : described) },
  );

  return (
    <form className={FORM_CLASS} onSubmit={submit} noValidate>
      {kind === "totp" ? (
        <OneTimeCodeField label="Authentication code" value={code} onChange={(event) => setCode(event.target.value)} invalid={Boolean(error)} aria-describedby={error ? errorId : undefined} />
      ) : (
        <OneTimeCodeField label="Backup code" inputMode="text" value={code} onChange={(event) => setCode(event.target.value)} invalid={Boolean(error)} aria-describedby={error ? errorId : undefined} />
      )}
      <label className="flex items-center gap-2 text-sm text-neutral-300">
        <input type="checkbox" checked={trustDevice} onChange={(event) => setTrustDevice(event.target.checked)} className="size-4 accent-rose-500" />
        Trust this device for 30 days
      </label>
      <FormErrorMessage id={errorId} error={error} />
      <SubmitButton busy={busy}>Verify</SubmitButton>
      <Button
        variant="link"
        className="self-center text-sm"
        onClick={() => {
          setKind(kind === "totp" ? "backup" : "totp");
          setCode("");
          clearError();
        }}
      >
        {kind === "totp" ? "Use a backup code instead" : "Use the authenticator app instead"}
      </Button>
    </form>
  );
}
