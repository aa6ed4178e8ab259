// The alarm of a new order: a Web Audio beep pattern repeated until someone acknowledges, and a
// blinking tab title. No audio file. Browsers start audio only after a user gesture: the login
// click or 'Ton einschalten' resumes the context.
let ctx: AudioContext | null = null;

export function audioReady(): boolean {
  return ctx?.state === 'running';
}

export async function enableAudio(): Promise<boolean> {
  try {
    ctx ??= new AudioContext();
    if (ctx.state !== 'running') await ctx.resume();
    return ctx.state === 'running';
  } catch {
    return false;
  }
}

function beep(at: number, freq: number) {
  if (!ctx) return;
  const osc = ctx.createOscillator();
  const gain = ctx.createGain();
  osc.type = 'square';
  osc.frequency.value = freq;
  gain.gain.setValueAtTime(0.0001, at);
  gain.gain.exponentialRampToValueAtTime(0.3, at + 0.02);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.25);
  osc.connect(gain).connect(ctx.destination);
  osc.start(at);
  osc.stop(at + 0.3);
}

/** Starts ringing (beeps every 2 s, title blinks); returns the stop function. */
export function ring(title: string, blinkText: string): () => void {
  let on = false;
  const tick = () => {
    if (ctx && ctx.state === 'running') {
      const t = ctx.currentTime;
      beep(t, 880);
      beep(t + 0.35, 660);
      beep(t + 0.7, 880);
    }
  };
  tick();
  const sound = setInterval(tick, 2000);
  const blink = setInterval(() => {
    on = !on;
    document.title = on ? blinkText : title;
  }, 800);
  return () => {
    clearInterval(sound);
    clearInterval(blink);
    document.title = title;
  };
}

/** Keeps the screen on while the inbox is open (re-taken when the tab becomes visible again). */
export function keepAwake(): () => void {
  let lock: { release(): Promise<void> } | null = null;
  const nav = navigator as Navigator & { wakeLock?: { request(type: 'screen'): Promise<{ release(): Promise<void> }> } };
  const take = () => {
    if (document.visibilityState === 'visible' && nav.wakeLock) {
      nav.wakeLock.request('screen').then((l) => (lock = l), () => undefined);
    }
  };
  take();
  document.addEventListener('visibilitychange', take);
  return () => {
    document.removeEventListener('visibilitychange', take);
    void lock?.release().catch(() => undefined);
  };
}
