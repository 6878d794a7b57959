import { useQueryClient } from "@tanstack/react-query";
import QRCode from "qrcode";
import { useEffect, useState } from "react";
import { toast } from "../../shared/ui/toast.ts";
import { Button } from "../../shared/ui/button.tsx";
import { Field } from "../../shared/ui/field.tsx";
import { disableTwoFactor } from "./api/disable-two-factor.ts";
import { type TwoFactorEnrolment, enableTwoFactor } from "./api/enable-two-factor.ts";
import { accountSecurityQueryKey } from "./api/get-account-security.ts";
import { verifyTwoFactor } from "./api/verify-two-factor.ts";
import { FormErrorMessage, FormNotice, SubmitButton } from "./form-parts.tsx";
import { OneTimeCodeField } from "./one-time-code-field.tsx";
import { useAuthForm } from "./use-auth-form.ts";

type Step = { kind: "idle" } | { kind: "scan"; enrolment: TwoFactorEnrolment } | { kind: "backup-codes"; codes: string[] };

/** TOTP two-factor: enrol (password, QR code, first code, backup codes shown once) or turn it off with the password. */
export function TwoFactorSettings({ enabled }: { enabled: boolean }) {
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>({ kind: "idle" });
  const done = async () => {
    setStep({ kind: "idle" });
    await queryClient.invalidateQueries({ queryKey: accountSecurityQueryKey });
  };

  if (step.kind === "scan") return <ScanStep enrolment={step.enrolment} onVerified={() => setStep({ kind: "backup-codes", codes: step.enrolment.backupCodes })} />;
  if (step.kind === "backup-codes") return <BackupCodes codes={step.codes} onDone={done} />;
  if (enabled) return <DisableForm onDisabled={done} />;
  return <EnableForm onStarted={(enrolment) => setStep({ kind: "scan", enrolment })} />;
}

function PasswordForm({ action, busyLabel, onSubmit }: { action: string; busyLabel?: string; onSubmit: (password: string) => Promise<void> }) {
  const [password, setPassword] = useState("");
  const form = useAuthForm();
  const { errorId, error, busy } = form;
  const submit = form.onSubmit(
    () => onSubmit(password),
    () => Boolean(password) || (form.refuse("Enter your password"), false),
    { stayBusy: true },
  );
  return (
    <form className="flex flex-col gap-3" onSubmit={submit} noValidate>
      <Field label="Password" type="password" value={password} onChange={(event) => setPassword(event.target.value)} autoComplete="current-password" invalid={Boolean(error)} aria-describedby={error ? errorId : undefined} />
      <FormErrorMessage id={errorId} error={error} />
      <SubmitButton busy={busy}>{busy && busyLabel ? busyLabel : action}</SubmitButton>
    </form>
  );
}

function EnableForm({ onStarted }: { onStarted: (enrolment: TwoFactorEnrolment) => void }) {
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-neutral-400">Use an authenticator app (Google Authenticator, 1Password, Authy…) for a code at every sign-in.</p>
      <PasswordForm action="Set up two-factor" onSubmit={async (password) => onStarted(await enableTwoFactor(password))} />
    </div>
  );
}

function DisableForm({ onDisabled }: { onDisabled: () => Promise<void> }) {
  return (
    <div className="flex flex-col gap-3">
      <FormNotice>Two-factor authentication is on.</FormNotice>
      <PasswordForm
        action="Turn off two-factor"
        onSubmit={async (password) => {
          await disableTwoFactor(password);
          toast.success("Two-factor authentication is off");
          await onDisabled();
        }}
      />
    </div>
  );
}

function ScanStep({ enrolment, onVerified }: { enrolment: TwoFactorEnrolment; onVerified: () => void }) {
  const [qr, setQr] = useState<string | null>(null);
  const [code, setCode] = useState("");
  const { errorId, error, busy, onSubmit } = useAuthForm();
  const secret = new URL(enrolment.totpURI).searchParams.get("secret") ?? "";

  useEffect(() => {
    let active = true;
    void QRCode.toDataURL(enrolment.totpURI, { margin: 1, width: 200 }).then((url) => active && setQr(url));
    return () => {
      active = false;
    };
  }, [enrolment.totpURI]);

  const submit = onSubmit(
    async () => {
      await verifyTwoFactor(code.trim(), "totp");
      onVerified();
    },
    undefined,
    { stayBusy: true, describe: (described) => (described.message.toLowerCase().includes("invalid") ? { message: "That code is not right. Check the app and try again.", reasons: [] } : described) },
  );

  return (
    <form className="flex flex-col gap-3" onSubmit={submit} noValidate>
      <p className="text-sm text-neutral-300">Scan this code with your authenticator app, then enter the 6-digit code it shows.</p>
      <div className="self-center rounded-xl bg-white p-2">
        {qr ? <img src={qr} alt="QR code for your authenticator app" width={200} height={200} /> : <div className="size-[200px]" />}
      </div>
      <p className="text-center text-xs text-neutral-400">
        Can't scan? Enter this key: <code data-testid="totp-secret" className="font-mono break-all text-neutral-200">{secret}</code>
      </p>
      <OneTimeCodeField label="Code from the app" value={code} onChange={(event) => setCode(event.target.value)} invalid={Boolean(error)} aria-describedby={error ? errorId : undefined} />
      <FormErrorMessage id={errorId} error={error} />
      <SubmitButton busy={busy}>Verify and turn on</SubmitButton>
    </form>
  );
}

function BackupCodes({ codes, onDone }: { codes: string[]; onDone: () => Promise<void> }) {
  return (
    <div className="flex flex-col gap-3">
      <FormNotice>Two-factor authentication is on.</FormNotice>
      <p className="text-sm text-neutral-300">
        Save these backup codes somewhere safe. Each one signs you in once if you lose your phone. <strong>They are shown only now.</strong>
      </p>
      <ul aria-label="Backup codes" className="grid grid-cols-2 gap-2 rounded-xl border border-neutral-800 bg-neutral-950 p-3 font-mono text-sm text-white">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <Button variant="outline" onClick={() => void navigator.clipboard?.writeText(codes.join("\n")).then(() => toast.success("Backup codes copied"))}>
        Copy codes
      </Button>
      <Button onClick={() => void onDone()}>I have saved them</Button>
    </div>
  );
}
