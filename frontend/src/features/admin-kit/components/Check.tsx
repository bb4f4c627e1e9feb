import { useId, type ReactNode } from "react";

interface Props {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  name?: string;
  /** Shown as a switch (the label in bold): a setting rather than a choice among others. */
  switch?: boolean;
  /** Said by screen readers after the label (visually hidden). */
  hint?: string;
  testId?: string;
}

/** A checkbox with its label on the right. */
export function Check({ label, checked, onChange, name, switch: isSwitch = false, hint, testId }: Props) {
  const hintId = useId();
  return (
    <>
      <label className={`adm-check${isSwitch ? " adm-check--switch" : ""}`}>
        <input type="checkbox" name={name} checked={checked} onChange={(e) => onChange(e.target.checked)} aria-describedby={hint ? hintId : undefined} data-testid={testId} />
        <span>{label}</span>
      </label>
      {hint && (
        <p id={hintId} className="visually-hidden">
          {hint}
        </p>
      )}
    </>
  );
}
