import type { ComponentProps, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useFormat } from "../../../lib/useFormat";
import { priceList, type OptionPrice, type PriceList } from "../price";
import type { StepProps } from "./fields";

/**
 * Step 3: insurance, extras and payment, with the prices of the database's price
 * list. `included`: the extras the car includes (the quote's answer), shown as
 * included, never offered as a paid option.
 */
export function OptionsStep({ form, set, prices, included }: Omit<StepProps, "errors"> & { prices: PriceList | null; included: readonly string[] }) {
  const { t, i18n } = useTranslation();
  const fmt = useFormat();
  // Until the list is read (or if it cannot be), the choices show without prices.
  const list = prices ?? priceList(null, null);
  // The database's extras; a key the site has no words for yet is left out.
  const extras = list.extras.filter((x) => i18n.exists(`booking.extras.${x.key}`));
  const priceText = (o: OptionPrice<string>) => {
    if (o.price === null) return null;
    if (o.price === 0) return t("booking.included");
    return o.perDay ? `+${fmt.price(o.price)} / ${t("car.perDay")}` : `+${fmt.price(o.price)} ${t("booking.once")}`;
  };
  return (
    <div className="options">
      <fieldset>
        <legend>{t("booking.insurance")}</legend>
        <div className="choice-grid">
          {list.insurances.map((ins) => (
            <Choice
              key={ins.key}
              input={{ type: "radio", name: "insurance", value: ins.key, checked: form.insurance === ins.key, onChange: () => set("insurance", ins.key) }}
              title={t(`booking.insurances.${ins.key}.name`)}
            >
              {priceText(ins) && <span className="choice-price">{priceText(ins)}</span>}
              <span className="muted small">{t(`booking.insurances.${ins.key}.text`)}</span>
            </Choice>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend>{t("booking.extrasTitle")}</legend>
        <div className="choice-grid two">
          {extras.map((x) =>
            included.includes(x.key) ? (
              <div key={x.key} className="choice choice-inline is-checked is-included" data-included={x.key}>
                <span className="choice-title">{t(`booking.extras.${x.key}`)}</span>
                <span className="choice-price">{t("booking.extraIncluded")}</span>
              </div>
            ) : (
              <Choice
                key={x.key}
                inline
                input={{ type: "checkbox", name: "extras", value: x.key, checked: form.extras[x.key] === true, onChange: (e) => set("extras", { ...form.extras, [x.key]: e.target.checked }) }}
                title={t(`booking.extras.${x.key}`)}
              >
                {priceText(x) && <span className="choice-price">{priceText(x)}</span>}
              </Choice>
            ),
          )}
        </div>
      </fieldset>
      <fieldset>
        <legend>{t("booking.payment")}</legend>
        <div className="choice-grid">
          {list.payments.map((p) => (
            <Choice
              key={p.key}
              input={{ type: "radio", name: "paymentOption", value: p.key, checked: form.paymentOption === p.key, onChange: () => set("paymentOption", p.key) }}
              title={t(`booking.paymentOptions.${p.key}.name`)}
            >
              {p.discountPercent !== null && p.dueNowPercent !== null && (
                <span className="muted small">
                  {t(`booking.paymentOptions.${p.key}.text`, {
                    discount: fmt.percent(p.discountPercent),
                    now: fmt.percent(p.dueNowPercent),
                    later: fmt.percent(100 - p.dueNowPercent),
                  })}
                </span>
              )}
            </Choice>
          ))}
        </div>
      </fieldset>
    </div>
  );
}

/** One option as a card: its box (radio or checkbox), its name, then what follows it (price, text). */
function Choice({ input, title, inline = false, children }: { input: ComponentProps<"input"> & { checked: boolean }; title: string; inline?: boolean; children: ReactNode }) {
  return (
    <label className={`choice ${inline ? "choice-inline " : ""}${input.checked ? "is-checked" : ""}`}>
      <input {...input} />
      <span className="choice-title">{title}</span>
      {children}
    </label>
  );
}
