import { useEffect, useRef, useState } from "react";
import { formatNumber } from "../../lib/format";
import { useAdminTranslation } from "../admin-kit";
import { niceAxis, type MonthPoint } from "./stats";

// The SVG is drawn at the card's own width (measured), so labels keep their size
// on a phone instead of shrinking with a scaled viewBox.
const H = 260;
const PAD = { top: 16, bottom: 36, start: 36, end: 52 };

function useWidth(fallback: number) {
  const ref = useRef<HTMLElement>(null);
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === "undefined") return;
    const ro = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.max(260, Math.round(entry.contentRect.width)));
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  return { ref, width };
}

/**
 * Bookings per month as bars (left axis) and revenue as a line (right axis),
 * drawn by hand in SVG. The same figures are in a table for screen readers.
 */
export function MonthlyChart({ points }: { points: MonthPoint[] }) {
  const { t } = useAdminTranslation();
  const { ref, width: W } = useWidth(640);
  const maxB = niceAxis(Math.max(...points.map((p) => p.bookings)), 4, true).top;
  const maxR = niceAxis(Math.max(...points.map((p) => p.revenue)), 4, true).top;
  const plotW = W - PAD.start - PAD.end;
  const plotH = H - PAD.top - PAD.bottom;
  const step = plotW / Math.max(points.length, 1);
  const barW = Math.min(36, step * 0.5);
  const x = (i: number) => PAD.start + step * i + step / 2;
  const yB = (v: number) => PAD.top + plotH - (v / maxB) * plotH;
  const yR = (v: number) => PAD.top + plotH - (v / maxR) * plotH;
  const ticks = [0, 0.25, 0.5, 0.75, 1];
  const line = points.map((p, i) => `${i === 0 ? "M" : "L"}${x(i).toFixed(1)},${yR(p.revenue).toFixed(1)}`).join(" ");

  return (
    <figure className="adm-chart" ref={ref}>
      <div className="adm-chart__legend" aria-hidden="true">
        <span className="adm-chart__key adm-chart__key--bar">{t("dashboard.chartBookings")}</span>
        <span className="adm-chart__key adm-chart__key--line">{t("dashboard.chartRevenue")}</span>
      </div>
      <svg viewBox={`0 0 ${W} ${H}`} className="adm-chart__svg" role="img" aria-labelledby="adm-chart-caption" data-testid="monthly-chart">
        {ticks.map((f) => (
          <g key={f}>
            <line x1={PAD.start} x2={W - PAD.end} y1={PAD.top + plotH * (1 - f)} y2={PAD.top + plotH * (1 - f)} className="adm-chart__grid" />
            <text x={PAD.start - 8} y={PAD.top + plotH * (1 - f) + 4} className="adm-chart__tick" textAnchor="end">
              {formatNumber(Math.round(maxB * f))}
            </text>
            <text x={W - PAD.end + 8} y={PAD.top + plotH * (1 - f) + 4} className="adm-chart__tick">
              {formatNumber(Math.round(maxR * f))}
            </text>
          </g>
        ))}
        {points.map((p, i) => (
          <g key={p.key}>
            <rect x={x(i) - barW / 2} y={yB(p.bookings)} width={barW} height={Math.max(0, PAD.top + plotH - yB(p.bookings))} rx={4} className="adm-chart__bar">
              <title>{`${p.label} : ${p.bookings} ${t("dashboard.chartBookings").toLowerCase()}`}</title>
            </rect>
            <text x={x(i)} y={H - 12} className="adm-chart__label" textAnchor="middle">
              {p.label}
            </text>
          </g>
        ))}
        <path d={line} className="adm-chart__line" />
        {points.map((p, i) => (
          <circle key={p.key} cx={x(i)} cy={yR(p.revenue)} r={4} className="adm-chart__dot">
            <title>{`${p.label} : ${formatNumber(p.revenue)} DH`}</title>
          </circle>
        ))}
      </svg>
      <figcaption id="adm-chart-caption" className="visually-hidden">
        {t("dashboard.chartTitle")}
      </figcaption>
      {/* A table cannot shrink below its content: hide a box around it, or it widens the page. */}
      <div className="visually-hidden">
        <table>
          <caption>{t("dashboard.chartTitle")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("dashboard.chartMonth")}</th>
              <th scope="col">{t("dashboard.chartBookings")}</th>
              <th scope="col">{t("dashboard.chartRevenue")}</th>
            </tr>
          </thead>
          <tbody>
            {points.map((p) => (
              <tr key={p.key}>
                <th scope="row">{p.key}</th>
                <td>{p.bookings}</td>
                <td>{formatNumber(p.revenue)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
