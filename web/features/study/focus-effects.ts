import { playConfetti } from '../../lib/celebrate';

/**
 * What happens around the timer in the browser: a short chime (Web Audio oscillator, no audio files),
 * a system notification when the tab is hidden, and the confetti celebration (lazy-loaded, and skipped
 * for prefers-reduced-motion).
 */
type AudioContextConstructor = typeof AudioContext;
let audioContext: AudioContext | null = null;

/** Creates (or resumes) the audio context inside a user gesture, so that a later chime may play. */
export function unlockAudio(): void {
  try {
    const Constructor = window.AudioContext ?? (window as unknown as { webkitAudioContext?: AudioContextConstructor }).webkitAudioContext;
    if (!Constructor) return;
    audioContext ??= new Constructor();
    if (audioContext.state === 'suspended') void audioContext.resume();
  } catch {
    audioContext = null;
  }
}

/** Two soft sine tones. Silently does nothing when audio is unavailable. */
export function playChime(): void {
  try {
    unlockAudio();
    const context = audioContext;
    if (!context) return;
    const startAt = context.currentTime + 0.02;
    [880, 1320].forEach((frequency, index) => {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      const at = startAt + index * 0.25;
      oscillator.type = 'sine';
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.2, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.5);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(at);
      oscillator.stop(at + 0.55);
    });
  } catch {
    // No sound: the toast and the notification still tell the user.
  }
}

/** Asks once, inside a user gesture (the Start click). */
export function requestNotificationPermission(): void {
  if (typeof Notification === 'undefined' || Notification.permission !== 'default') return;
  void Notification.requestPermission().catch(() => undefined);
}

export function notify(title: string, body: string): void {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  try {
    new Notification(title, { body, tag: 'studypilot-focus-timer' });
  } catch {
    // Some browsers only allow notifications from a service worker; the chime still plays.
  }
}

/** The focus-complete celebration: confetti from lib/celebrate (the centre shows its own toast). */
export function celebrate(): Promise<void> {
  return playConfetti('small');
}
