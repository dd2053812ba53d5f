/** Local storage keys of docs/product.md §9. The session token is never stored here (HttpOnly cookie). */
export const STORAGE_KEYS = {
  user: 'studypilot_user',
  themeMode: 'vite-ui-theme',
  theme: 'studypilot_theme',
  language: 'i18nextLng',
  gradingSystem: 'studypilot_grading_system',
  lastSeenRelease: 'studypilot_last_seen_release',
  /** Task reminders already shown, shared by every tab so that one reminder fires once. */
  firedReminders: 'studypilot_fired_reminders',
  /** Default reminder offset (minutes, or '' for none) that a new task's form starts with. */
  defaultReminder: 'studypilot_default_reminder',
  /** Which dashboard alerts to show (JSON { overdue, today }). */
  homeAlerts: 'studypilot_home_alerts',
  /** The dashboard's last answers ({ userId, entries }), painted on a revisit before the network answers. */
  homeCache: 'studypilot_home_cache',
  /** Help Center "Was this helpful?" answers (JSON { [slug]: 'yes' | 'no' }), docs/decisions/122. */
  helpFeedback: 'studypilot_help_feedback',
} as const;

/** localStorage that never throws (private mode, disabled storage). */
export const safeStorage = {
  get(key: string): string | null {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      localStorage.setItem(key, value);
    } catch {
      // Storage unavailable: the setting lasts for this page only.
    }
  },
  remove(key: string): void {
    try {
      localStorage.removeItem(key);
    } catch {
      // Nothing to remove.
    }
  },
};
