import { useRef, useState, type ReactNode, type KeyboardEvent } from "react";

/**
 * The tab a key moves to in a WAI-ARIA tab list of `count` tabs, from `index`: the
 * arrows follow the reading direction (the page's `dir`), Home and End go to the
 * ends; null for any other key. The site's tabs and the back office's language tabs
 * move the same way.
 */
export function tabAfterKey(key: string, index: number, count: number): number | null {
  const rtl = document.documentElement.dir === "rtl";
  if (key === (rtl ? "ArrowLeft" : "ArrowRight")) return (index + 1) % count;
  if (key === (rtl ? "ArrowRight" : "ArrowLeft")) return (index - 1 + count) % count;
  if (key === "Home") return 0;
  if (key === "End") return count - 1;
  return null;
}

/** A tab's attributes in a WAI-ARIA tab list: its id, its panel's, and whether it is the one shown (the only one in the tab order). */
export function tabAttributes(id: string, panelId: string, selected: boolean) {
  return { type: "button", role: "tab", id, "aria-selected": selected, "aria-controls": panelId, tabIndex: selected ? 0 : -1 } as const;
}

/** WAI-ARIA tabs: arrow keys move between tabs (automatic activation). */
export function Tabs({ idPrefix, tabs, label }: { idPrefix: string; label: string; tabs: { title: string; content: ReactNode }[] }) {
  const [active, setActive] = useState(0);
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  function onKey(e: KeyboardEvent) {
    const next = tabAfterKey(e.key, active, tabs.length);
    if (next === null) return;
    e.preventDefault();
    setActive(next);
    refs.current[next]?.focus();
  }
  return (
    <div className="tabs">
      <div role="tablist" aria-label={label} className="tablist" onKeyDown={onKey}>
        {tabs.map((tab, i) => (
          <button
            key={tab.title}
            ref={(el) => {
              refs.current[i] = el;
            }}
            {...tabAttributes(`${idPrefix}-tab-${i}`, `${idPrefix}-panel-${i}`, i === active)}
            className="tab"
            onClick={() => setActive(i)}
          >
            {tab.title}
          </button>
        ))}
      </div>
      {tabs.map((tab, i) => (
        <div key={tab.title} role="tabpanel" id={`${idPrefix}-panel-${i}`} aria-labelledby={`${idPrefix}-tab-${i}`} hidden={i !== active} tabIndex={0} className="tabpanel">
          {tab.content}
        </div>
      ))}
    </div>
  );
}
