import { useId, useRef } from "react";
import { IconUpload } from "./icons";

interface FilePickerProps {
  /** What the button says, after the upload icon. */
  label: string;
  multiple?: boolean;
  disabled?: boolean;
  onFiles: (files: File[]) => void;
  testId?: string;
}

/** A button (the upload icon and its label) that opens the file chooser for images. */
export function FilePicker({ label, multiple, disabled, onFiles, testId }: FilePickerProps) {
  const id = useId();
  const ref = useRef<HTMLInputElement>(null);
  return (
    <span className="adm-file">
      <input
        ref={ref}
        id={id}
        type="file"
        accept="image/*"
        multiple={multiple}
        disabled={disabled}
        className="visually-hidden"
        data-testid={testId}
        onChange={(e) => {
          const files = Array.from(e.target.files ?? []);
          e.target.value = "";
          if (files.length) onFiles(files);
        }}
      />
      <label htmlFor={id} className={`adm-btn adm-btn--secondary${disabled ? " adm-btn--disabled" : ""}`}>
        <IconUpload size={18} /> {label}
      </label>
    </span>
  );
}
