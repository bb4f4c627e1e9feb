import { useRef, useState, type ReactNode, type KeyboardEvent } from "react";

/** WAI-ARIA tabs: arrow keys move between tabs (automatic activation). */
export function Tabs({ idPrefix, tabs, label }: { idPrefix: string; label: string; tabs: { title: string; content: ReactNode }[] }) {
  const [active, setActive] = useState(0);
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  function onKey(e: KeyboardEvent) {
    const rtl = document.documentElement.dir === "rtl";
    const forward = rtl ? "ArrowLeft" : "ArrowRight";
    const backward = rtl ? "ArrowRight" : "ArrowLeft";
    let next: number;
    if (e.key === forward) next = (active + 1) % tabs.length;
    else if (e.key === backward) next = (active - 1 + tabs.length) % tabs.length;
    else if (e.key === "Home") next = 0;
    else if (e.key === "End") next = tabs.length - 1;
    else return;
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
            type="button"
            role="tab"
            id={`${idPrefix}-tab-${i}`}
            aria-selected={i === active}
            aria-controls={`${idPrefix}-panel-${i}`}
            tabIndex={i === active ? 0 : -1}
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
