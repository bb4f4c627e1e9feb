// The optional sound of a new booking or message: two short notes made with Web
// Audio (no file to download). Browsers only let a page play sound after a user
// gesture, so the context is created when the administrator turns the sound on.

let ctx: AudioContext | null = null;

/** Called from the click that turns the sound on. */
export function unlockChime(): void {
  try {
    ctx ??= new AudioContext();
    void ctx.resume();
  } catch {
    ctx = null; // no Web Audio: the toasts still say it
  }
}

export function playChime(): void {
  if (!ctx) return;
  const t = ctx.currentTime;
  for (const [i, freq] of [880, 1320].entries()) {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.frequency.value = freq;
    gain.gain.setValueAtTime(0.0001, t + i * 0.15);
    gain.gain.exponentialRampToValueAtTime(0.2, t + i * 0.15 + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, t + i * 0.15 + 0.3);
    osc.connect(gain).connect(ctx.destination);
    osc.start(t + i * 0.15);
    osc.stop(t + i * 0.15 + 0.32);
  }
}
