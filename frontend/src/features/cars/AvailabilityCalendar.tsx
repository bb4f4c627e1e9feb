import { useQuery } from "@tanstack/react-query";
import { useDeferredValue, useId, useMemo, useRef, useState, type KeyboardEvent, type RefObject } from "react";
import { useTranslation } from "react-i18next";
import { useLanguage } from "../../lib/LanguageProvider";
import { todayISO } from "../../lib/format";
import { formatLongDay, formatMonth, weekdayNames } from "../../lib/localeFormat";
import { calendarQuery, type DayState } from "../search";
import { monthGrids, moveFocus, type CalendarCell } from "./calendar";

const STATES: DayState[] = ["free", "partial", "taken"];

/**
 * A car's next days as the database sees them (car_calendar): free, partly
 * held, taken. One grid per month (a table, Monday first, mirrored in Arabic by
 * the page's direction); one day is in the tab order and the arrow keys, Home,
 * End, Page Up and Page Down move between days; each day reads as its full
 * date and state.
 */
export function AvailabilityCalendar({ carId, days = 60 }: { carId: number; days?: number }) {
  const { t } = useTranslation();
  const { language, dir } = useLanguage();
  const id = useId();
  // undefined while loading, null when the database did not answer.
  // The days arrive after the page is on screen; a query's answer is rendered at
  // once, in one piece, so the grid follows as deferred work React can pause.
  const { data: answer } = useQuery(calendarQuery(carId, todayISO(), days));
  const data = useDeferredValue(answer);
  const [focus, setFocus] = useState(0);
  const cells = useRef(new Map<number, HTMLTableCellElement>());

  const months = useMemo(() => (data ? monthGrids(data) : []), [data]);
  const shortNames = useMemo(() => weekdayNames(language, "short"), [language]);
  const longNames = useMemo(() => weekdayNames(language, "long"), [language]);

  const onKey = (e: KeyboardEvent, index: number) => {
    if (!data) return;
    const to = moveFocus(data, index, e.key, dir === "rtl");
    if (to === null) return;
    e.preventDefault();
    setFocus(to);
    cells.current.get(to)?.focus();
  };

  return (
    <section className="availability" aria-labelledby={`${id}-title`} data-testid="availability-calendar">
      <h3 id={`${id}-title`}>{t("calendar.title", { count: days })}</h3>
      {data === undefined && (
        <p className="muted small" role="status">
          {t("calendar.loading")}
        </p>
      )}
      {data === null && <p className="muted small">{t("calendar.failed")}</p>}
      {data && (
        <>
          <p id={`${id}-hint`} className="muted small">
            {t("calendar.hint")}
          </p>
          <ul className="calendar-legend" aria-label={t("calendar.legend")}>
            {STATES.map((s) => (
              <li key={s}>
                <span className={`calendar-swatch day-${s}`} aria-hidden="true" />
                {t(`calendar.states.${s}`)}
              </li>
            ))}
          </ul>
          <div className="calendar-months">
            {months.map((m) => {
              const caption = `${id}-${m.year}-${m.month}`;
              return (
                <table key={caption} className="calendar" role="grid" aria-labelledby={caption} aria-describedby={`${id}-hint`}>
                  <caption id={caption}>{formatMonth(language, m.year, m.month)}</caption>
                  <thead>
                    <tr>
                      {shortNames.map((w, i) => (
                        <th key={w} scope="col" abbr={longNames[i]}>
                          {w}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {m.weeks.map((week, w) => (
                      <CalendarWeek key={w} week={week} focus={focus} cells={cells} onKey={onKey} onFocus={setFocus} />
                    ))}
                  </tbody>
                </table>
              );
            })}
          </div>
        </>
      )}
    </section>
  );
}

interface WeekProps {
  week: (CalendarCell | null)[];
  /** The day in the tab order. */
  focus: number;
  cells: RefObject<Map<number, HTMLTableCellElement>>;
  onKey: (e: KeyboardEvent, index: number) => void;
  onFocus: (index: number) => void;
}

/**
 * One week of days. A component of its own so that React, which renders a page in
 * slices between which the browser may answer input, can stop between weeks: the
 * whole calendar at once is one of the longest pieces of a car page's hydration.
 */
function CalendarWeek({ week, focus, cells, onKey, onFocus }: WeekProps) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  return (
    <tr>
      {week.map((c, i) =>
        c ? (
          <td
            key={c.day}
            role="gridcell"
            tabIndex={c.index === focus ? 0 : -1}
            ref={(el) => {
              if (el) cells.current.set(c.index, el);
              else cells.current.delete(c.index);
            }}
            className={`day day-${c.state}${c.index === 0 ? " is-today" : ""}`}
            data-day={c.day}
            data-state={c.state}
            onKeyDown={(e) => onKey(e, c.index)}
            onFocus={() => onFocus(c.index)}
          >
            <span aria-hidden="true">{Number(c.day.slice(8))}</span>
            <span className="visually-hidden">
              {t("calendar.day", { date: formatLongDay(language, c.day), state: t(`calendar.states.${c.state}`) })}
              {c.index === 0 ? ` (${t("calendar.today")})` : ""}
            </span>
          </td>
        ) : (
          <td key={`empty-${i}`} role="gridcell" className="day-empty" />
        ),
      )}
    </tr>
  );
}
