import { Field, useAdminTranslation } from "../../admin-kit";
import type { Enrolment } from "../api";
import { CodeInput } from "./CodeInput";

interface Props {
  enrolment: Enrolment;
  code: string;
  onCode: (code: string) => void;
  error: string | undefined;
  busy: boolean;
}

/** An authenticator app being added: its QR code and key, shown once, and the field for the code that confirms it. */
export function EnrolmentKey({ enrolment, code, onCode, error, busy }: Props) {
  const { t } = useAdminTranslation();
  return (
    <>
      <p>{t("mfa.enrolStep1")}</p>
      <img className="adm-security__qr" src={enrolment.qrCode} alt={t("mfa.qrAlt")} width={200} height={200} />
      <p>
        {t("mfa.manualKey")}{" "}
        <code className="adm-security__key" data-testid="mfa-secret">
          {enrolment.secret}
        </code>
      </p>
      <p>{t("mfa.enrolStep2")}</p>
      <Field label={t("mfa.code")} error={error} hint={t("mfa.codeHint")} required>
        <CodeInput value={code} onChange={onCode} disabled={busy} />
      </Field>
    </>
  );
}
