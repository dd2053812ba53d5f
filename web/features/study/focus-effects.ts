/**
 * The timer's chime (Web Audio oscillator, no audio files). Its notification and confetti come from
 * the shared lib/browser-notifications.ts and lib/celebrate.ts.
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
