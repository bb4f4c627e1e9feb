import type { InputHTMLAttributes } from "react";

type Attrs = Omit<InputHTMLAttributes<HTMLInputElement>, "value" | "onChange" | "className" | "inputMode" | "autoComplete">;

/** An amount in DH as typed (centimes after a comma or a dot); the form parses it when it is sent. */
export function AmountInput({ value, onChange, ...attrs }: Attrs & { value: string; onChange: (value: string) => void }) {
  return <input {...attrs} className="adm-input" inputMode="decimal" autoComplete="off" value={value} onChange={(e) => onChange(e.target.value)} />;
}
