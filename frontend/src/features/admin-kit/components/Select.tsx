import type { SelectHTMLAttributes } from "react";

type Attrs = Omit<SelectHTMLAttributes<HTMLSelectElement>, "value" | "onChange" | "className">;

interface Props<V extends string> extends Attrs {
  value: V;
  onChange: (value: V) => void;
  /** Each option's value and label, in order. */
  options: readonly (readonly [V, string])[];
}

/**
 * A select among known values: what it hands back is one of them. Inside a Field
 * it receives the field's id and aria attributes like any control.
 */
export function Select<V extends string>({ value, onChange, options, ...attrs }: Props<V>) {
  return (
    <select {...attrs} className="adm-input" value={value} onChange={(e) => onChange(e.target.value as V)}>
      {options.map(([v, label]) => (
        <option key={v} value={v}>
          {label}
        </option>
      ))}
    </select>
  );
}

/** Options whose label is the value itself (categories, seat counts). */
export const plainOptions = (values: readonly (string | number)[]) => values.map((v) => [String(v), String(v)] as const);
