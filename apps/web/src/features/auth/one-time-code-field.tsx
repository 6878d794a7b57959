import type { ComponentProps } from "react";
import { Field } from "../../shared/ui/field.tsx";

/** A 6-digit code field that phones fill from the SMS or the authenticator app. */
export function OneTimeCodeField(props: Omit<ComponentProps<typeof Field>, "type" | "autoComplete">) {
  return <Field type="text" inputMode="numeric" autoComplete="one-time-code" maxLength={11} {...props} />;
}
