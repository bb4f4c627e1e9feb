import { useCallback, useEffect, useRef, useState } from "react";

export interface Loaded<T> {
  data: T | null;
  loading: boolean;
  failed: boolean;
  reload: () => Promise<void>;
  /** Local edits after a successful write, without a round trip. */
  setData: (update: (prev: T | null) => T | null) => void;
}

/**
 * Runs `load` on mount and on reload(); `onError` is told once per failure
 * (the screen's SPEC section 8 message). Only the latest request's answer is
 * kept, and nothing is set after unmount.
 */
export function useLoad<T>(load: () => Promise<T>, onError: (e: unknown) => void): Loaded<T> {
  const [data, setDataState] = useState<T | null>(null);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const latest = useRef(0);
  const mounted = useRef(true);
  const loadRef = useRef(load);
  const errRef = useRef(onError);
  useEffect(() => {
    loadRef.current = load;
    errRef.current = onError;
  });

  const run = useCallback((token: number): Promise<void> => {
    const current = () => mounted.current && token === latest.current;
    return loadRef.current().then(
      (d) => {
        if (!current()) return;
        setDataState(d);
        setFailed(false);
        setLoading(false);
      },
      (e: unknown) => {
        if (!current()) return;
        console.error(e);
        setFailed(true);
        setLoading(false);
        errRef.current(e);
      },
    );
  }, []);

  useEffect(() => {
    mounted.current = true;
    void run(++latest.current);
    return () => {
      mounted.current = false;
    };
  }, [run]);

  const reload = useCallback(() => {
    setLoading(true);
    return run(++latest.current);
  }, [run]);

  const setData = useCallback((update: (prev: T | null) => T | null) => setDataState(update), []);
  return { data, loading, failed, reload, setData };
}
