import type { ComponentProps, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useFormat } from "../../../lib/useFormat";
import { priceList, type OptionPrice, type PriceList } from "../price";
import type { BookingForm } from "../types";
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
  const radio = <K extends "insurance" | "paymentOption">(name: K, value: BookingForm[K]) => ({
    type: "radio",
    name,
    value,
    checked: form[name] === value,
    onChange: () => set(name, value),
  });
  return (
    <div className="options">
      <ChoiceGroup legend={t("booking.insurance")}>
        {list.insurances.map((ins) => (
          <Choice key={ins.key} input={radio("insurance", ins.key)} title={t(`booking.insurances.${ins.key}.name`)}>
            {priceText(ins) && <span className="choice-price">{priceText(ins)}</span>}
            <span className="muted small">{t(`booking.insurances.${ins.key}.text`)}</span>
          </Choice>
        ))}
      </ChoiceGroup>
      <ChoiceGroup legend={t("booking.extrasTitle")} grid="choice-grid two">
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
      </ChoiceGroup>
      <ChoiceGroup legend={t("booking.payment")}>
        {list.payments.map((p) => (
          <Choice key={p.key} input={radio("paymentOption", p.key)} title={t(`booking.paymentOptions.${p.key}.name`)}>
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
      </ChoiceGroup>
    </div>
  );
}

/** A question of the step: its options as cards, in a grid. */
function ChoiceGroup({ legend, grid = "choice-grid", children }: { legend: string; grid?: string; children: ReactNode }) {
  return (
    <fieldset>
      <legend>{legend}</legend>
      <div className={grid}>{children}</div>
    </fieldset>
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
