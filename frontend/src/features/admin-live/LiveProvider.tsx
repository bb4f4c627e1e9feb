import { useQueryClient } from "@tanstack/react-query";
import { createContext, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { invalidateAfter, notify, tAdmin } from "../admin-kit";
import { loadCarName, openAdminFeed, type LiveChange, type LiveStatus } from "./api";
import { playChime, unlockChime } from "./chime";

interface LiveState {
  status: LiveStatus;
  sound: boolean;
  setSound: (on: boolean) => void;
}

const LiveContext = createContext<LiveState>({ status: "offline", sound: false, setSound: () => {} });
export const useLive = (): LiveState => useContext(LiveContext);

const SOUND_KEY = "casarent.admin.liveSound";

/**
 * Keeps the back office current while it is open: every change to bookings,
 * payments or messages refreshes the queries that show them (dashboard, bookings
 * list, an open booking record, planning, messages and their badge), and a new booking or message is announced
 * by a toast (and a chime when the administrator turned the sound on).
 */
export function LiveProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<LiveStatus>("connecting");
  const [sound, setSoundState] = useState(() => readSound());
  const soundRef = useRef(sound); // read by the feed's callback, set with the state

  useEffect(() => {
    return openAdminFeed(
      (change) => {
        void invalidateAfter(queryClient, change.table);
        // A payment refreshes what shows it (the open record, money received) without a toast.
        if (change.type !== "INSERT" || change.table === "payments") return;
        void announce(change).then((message) => {
          notify.info(message);
          if (soundRef.current) playChime();
        });
      },
      setStatus,
    );
  }, [queryClient]);

  const value = useMemo<LiveState>(
    () => ({
      status,
      sound,
      setSound: (on) => {
        if (on) unlockChime();
        soundRef.current = on;
        setSoundState(on);
        try {
          localStorage.setItem(SOUND_KEY, on ? "1" : "0");
        } catch {
          /* private mode: not remembered */
        }
      },
    }),
    [status, sound],
  );
  return <LiveContext.Provider value={value}>{children}</LiveContext.Provider>;
}

function readSound(): boolean {
  try {
    return localStorage.getItem(SOUND_KEY) === "1";
  } catch {
    return false;
  }
}

const carNames = new Map<number, Promise<string>>();

/** The car as the toast names it ("Dacia Logan"), read once per car. */
function carName(id: number): Promise<string> {
  let name = carNames.get(id);
  if (!name) {
    name = loadCarName(id);
    carNames.set(id, name);
  }
  return name;
}

async function announce(change: LiveChange): Promise<string> {
  const r = change.record;
  if (change.table === "contacts") return tAdmin("live.newMessage", { name: String(r.name ?? ""), subject: String(r.subject ?? "") });
  if (change.table === "booking_change_requests") return tAdmin(r.kind === "cancellation" ? "live.newCancellation" : "live.newChangeRequest");
  const name = String(r.customer_name ?? "");
  const car = typeof r.car_id === "number" ? await carName(r.car_id).catch(() => "") : "";
  return car ? tAdmin("live.newBooking", { name, car }) : tAdmin("live.newBookingNoCar", { name });
}
