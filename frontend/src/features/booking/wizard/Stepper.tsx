import { useTranslation } from "react-i18next";
import { Icon } from "../../../components/Icon";

/** The four numbered steps (SPEC section 2); the current one is marked for screen readers. */
export function Stepper({ titles, step }: { titles: string[]; step: number }) {
  const { t } = useTranslation();
  return (
    <ol className="stepper" aria-label={t("booking.progress")}>
      {titles.map((title, i) => (
        <li key={title} className={i + 1 === step ? "is-current" : i + 1 < step ? "is-done" : ""} aria-current={i + 1 === step ? "step" : undefined}>
          <span className="step-num">{i + 1 < step ? <Icon name="check" size={16} /> : i + 1}</span>
          <span className="step-title">{title}</span>
        </li>
      ))}
    </ol>
  );
}
