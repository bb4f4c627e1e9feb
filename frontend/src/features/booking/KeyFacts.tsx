import { useTranslation } from "react-i18next";
import { useFormat } from "../../lib/useFormat";
import { keyFacts, type KeyFactsQuote } from "./keyFactList";
import { Row } from "./Row";

/**
 * The deal's key facts (keyFactList.ts) as <dl> rows. Step 4, the "sent" and
 * success pages show the same rows (`prefix` names their test ids: summary-…,
 * order-…).
 */
export function KeyFactsRows({
  quote,
  insurance,
  prefix,
  deposit = true,
}: {
  quote: KeyFactsQuote;
  insurance: string | null;
  prefix: string;
  /** false where the price lines already state the deposit. */
  deposit?: boolean;
}) {
  const { t } = useTranslation();
  const fmt = useFormat();
  return (
    <>
      {keyFacts(t, fmt, quote, insurance, deposit).map((f) => (
        <Row key={f.key} label={f.label} testId={`${prefix}-${f.key}`}>
          {f.value}
          {f.after && (
            <>
              {" "}
              <span data-testid={`${prefix}-late-cancellation`}>{f.after}</span>
            </>
          )}
        </Row>
      ))}
    </>
  );
}
