/**
 * The push side of the service worker (docs/decisions/150-push-reminders.md). The service worker
 * entry (web/service-worker/sw.ts, vite-plugin-pwa injectManifest) calls `registerPushHandlers(self)`.
 *
 * - `push`: the server's message (decrypted by the browser) becomes a notification, written in the
 *   device's language from the `push` locale files, with the reminder's tag: a repeat (a retry, the tab
 *   having shown it too) replaces rather than stacks.
 * - `notificationclick`: focuses a StudyPilot window already on the target page, else one on another
 *   page (navigated there), else opens a new one.
 * - A focus phase's end (docs/decisions/152-focus-phase-push.md) shows only when no /study window is
 *   visible: that page's timer alerts in the tab itself, so the student never gets both.
 */
import { FOCUS_ALARM_URL } from '../../common/domain/focus-alarm';
import { clockOptions, DEFAULT_LANGUAGE, intlLocaleOf, isLanguage, type Language } from '../../common/domain/languages';
import { REMINDER_DUE_DATE_PARTS } from '../../common/domain/task-reminders';
import { NOTIFICATION_BADGE, NOTIFICATION_ICON } from '../lib/notification-icons';
import de from '../locales/de/push.json';
import en from '../locales/en/push.json';
import es from '../locales/es/push.json';
import fr from '../locales/fr/push.json';
import ja from '../locales/ja/push.json';
import zh from '../locales/zh/push.json';

const STRINGS: Record<Language, typeof en> = { en, es, fr, de, zh, ja };

/** The push message of a task reminder (common/schemas/push.schema.ts `PushPayload`). */
export type TaskReminderPush = {
  kind: 'task-reminder';
  tag: string;
  url: string;
  taskId: string;
  title: string;
  dueDate: string;
  offsetMinutes: number;
  timeZone: string;
  language: string;
};

/** "Chemistry starts in 10 minutes" (common/schemas/push.schema.ts `ClassSoonPushPayload`, decision 155). */
export type ClassSoonPush = {
  kind: 'class-soon';
  tag: string;
  url: string;
  courseName: string;
  room: string | null;
  start: string;
  minutes: number;
  timeZone: string;
  language: string;
};

/** The day's summary (common/schemas/push.schema.ts `DailyDigestPushPayload`, decision 155). */
export type DailyDigestPush = {
  kind: 'daily-digest';
  tag: string;
  url: string;
  date: string;
  classCount: number;
  firstClass: { courseName: string; start: string } | null;
  dueToday: number;
  overdue: number;
  timeZone: string;
  language: string;
};

/** The push message of a focus phase's end (common/schemas/push.schema.ts `FocusPhaseEndPayload`). */
export type FocusPhaseEndPush = {
  kind: 'focus-phase-end';
  tag: string;
  url: string;
  phase: 'focus' | 'shortBreak' | 'longBreak';
  endsAt: string;
  language: string;
};

/** A planned study block's start (common/schemas/push.schema.ts `StudyBlockStartPushPayload`, decision 209). */
export type StudyBlockStartPush = {
  kind: 'study-block-start';
  tag: string;
  url: string;
  taskId: string;
  title: string;
  start: string;
  end: string;
  timeZone: string;
  language: string;
};

/** A classmate's new shared item (common/schemas/push.schema.ts `GroupItemPushPayload`, decision 211). */
export type GroupItemPush = {
  kind: 'group-item';
  tag: string;
  url: string;
  className: string;
  posterName: string | null;
  title: string;
  language: string;
};

export type NotificationContent = {
  title: string;
  options: { body: string; tag: string; icon: string; badge: string; data: { url: string } };
};

function isTaskReminder(value: unknown): value is TaskReminderPush {
  const payload = value as Partial<TaskReminderPush> | null;
  return (
    payload?.kind === 'task-reminder' &&
    typeof payload.tag === 'string' &&
    typeof payload.title === 'string' &&
    typeof payload.dueDate === 'string' &&
    typeof payload.url === 'string'
  );
}

function isFocusPhaseEnd(value: unknown): value is FocusPhaseEndPush {
  const payload = value as Partial<FocusPhaseEndPush> | null;
  return payload?.kind === 'focus-phase-end' && typeof payload.tag === 'string' && typeof payload.url === 'string';
}

/** A path of this site (a click never opens another one). */
function sameOriginPath(url: string): string {
  return url.startsWith('/') && !url.startsWith('//') ? url : '/';
}

/** The words of the tab's own timer notification (study.json `timer.*Done*`; push-focus.test.ts holds them equal). */
function focusPhaseEndNotification(payload: FocusPhaseEndPush): NotificationContent {
  const strings = STRINGS[languageOf(payload)].focusPhaseEnd;
  const focus = payload.phase === 'focus';
  return content(focus ? strings.focusTitle : strings.breakTitle, focus ? strings.focusBody : strings.breakBody, payload.tag, payload.url);
}

/**
 * Whether the tab already tells the student that the phase ended: a visible StudyPilot window on the
 * page that runs the timer (its chime and toast). A window on another page does not run the timer, so
 * the push shows then; so it does when every window is hidden (a background tab, a locked phone).
 */
export function timerAlertsInTab(
  clients: readonly { url: string; visibilityState?: string }[],
  timerPath: string,
  origin: string,
): boolean {
  const target = new URL(timerPath, origin);
  return clients.some((client) => client.visibilityState === 'visible' && onPage(client.url, target));
}

/** Whether a window at `url` shows the page `target` (its query and hash aside). */
function onPage(url: string, target: URL): boolean {
  const at = new URL(url);
  return at.origin === target.origin && at.pathname === target.pathname;
}

function interpolate(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (match, name: string) => values[name] ?? match);
}

/**
 * An instant on the user's clock in `language`: its time of day (web/lib/format.ts `formatTime`), after
 * the date `parts` when given (`formatDateTime`); 12-hour in English only. This worker cannot load
 * i18next, so not that module. An unknown zone falls back to the device's own clock rather than no time.
 */
function formatInZone(instant: string, timeZone: string, language: Language, parts: Intl.DateTimeFormatOptions = {}): string {
  const options: Intl.DateTimeFormatOptions = { ...parts, ...clockOptions(language) };
  try {
    return new Intl.DateTimeFormat(intlLocaleOf(language), { ...options, timeZone }).format(new Date(instant));
  } catch {
    return new Intl.DateTimeFormat(intlLocaleOf(language), options).format(new Date(instant));
  }
}

/** The due day and time, as the tab's reminder writes it (`formatDateTime` with REMINDER_DUE_DATE_PARTS). */
export function formatDueWhen(instant: string, timeZone: string, language: Language): string {
  return formatInZone(instant, timeZone, language, REMINDER_DUE_DATE_PARTS);
}

function isClassSoon(value: unknown): value is ClassSoonPush {
  const payload = value as Partial<ClassSoonPush> | null;
  return (
    payload?.kind === 'class-soon' &&
    typeof payload.tag === 'string' &&
    typeof payload.url === 'string' &&
    typeof payload.courseName === 'string' &&
    typeof payload.start === 'string' &&
    typeof payload.minutes === 'number'
  );
}

function isDailyDigest(value: unknown): value is DailyDigestPush {
  const payload = value as Partial<DailyDigestPush> | null;
  return (
    payload?.kind === 'daily-digest' &&
    typeof payload.tag === 'string' &&
    typeof payload.url === 'string' &&
    typeof payload.date === 'string' &&
    typeof payload.classCount === 'number' &&
    typeof payload.dueToday === 'number' &&
    typeof payload.overdue === 'number'
  );
}

function isStudyBlockStart(value: unknown): value is StudyBlockStartPush {
  const payload = value as Partial<StudyBlockStartPush> | null;
  return (
    payload?.kind === 'study-block-start' &&
    typeof payload.tag === 'string' &&
    typeof payload.url === 'string' &&
    typeof payload.title === 'string' &&
    typeof payload.start === 'string' &&
    typeof payload.end === 'string' &&
    typeof payload.timeZone === 'string'
  );
}

function isGroupItem(value: unknown): value is GroupItemPush {
  const payload = value as Partial<GroupItemPush> | null;
  return (
    payload?.kind === 'group-item' &&
    typeof payload.tag === 'string' &&
    typeof payload.url === 'string' &&
    typeof payload.className === 'string' &&
    (payload.posterName === null || typeof payload.posterName === 'string') &&
    typeof payload.title === 'string'
  );
}

function languageOf(payload: { language: string }): Language {
  return isLanguage(payload.language) ? payload.language : DEFAULT_LANGUAGE;
}

/** A local calendar date (`YYYY-MM-DD`, no zone involved) as "Mon, Nov 23". */
function formatDigestDate(date: string, language: Language): string {
  const [year = 1970, month = 1, day = 1] = date.split('-').map(Number);
  return new Intl.DateTimeFormat(intlLocaleOf(language), { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    Date.UTC(year, month - 1, day),
  );
}

function content(title: string, body: string, tag: string, url: string): NotificationContent {
  return { title, options: { body, tag, icon: NOTIFICATION_ICON, badge: NOTIFICATION_BADGE, data: { url: sameOriginPath(url) } } };
}

function taskReminderNotification(payload: TaskReminderPush): NotificationContent {
  const language = languageOf(payload);
  const strings = STRINGS[language].notification;
  const when = formatDueWhen(payload.dueDate, payload.timeZone, language);
  return content(interpolate(strings.title, { title: payload.title }), interpolate(strings.body, { when }), payload.tag, payload.url);
}

function classSoonNotification(payload: ClassSoonPush): NotificationContent {
  const language = languageOf(payload);
  const strings = STRINGS[language].classSoon;
  const time = formatInZone(payload.start, payload.timeZone, language);
  const title = interpolate(strings.title, { course: payload.courseName, minutes: String(payload.minutes) });
  const body = payload.room ? interpolate(strings.bodyRoom, { room: payload.room, time }) : interpolate(strings.body, { time });
  return content(title, body, payload.tag, payload.url);
}

function dailyDigestNotification(payload: DailyDigestPush): NotificationContent {
  const language = languageOf(payload);
  const strings = STRINGS[language].digest;
  const count = (value: number) => new Intl.NumberFormat(intlLocaleOf(language)).format(value);
  const lines = [
    payload.classCount > 0 && payload.firstClass
      ? interpolate(strings.classes, {
          count: count(payload.classCount),
          course: payload.firstClass.courseName,
          time: formatInZone(payload.firstClass.start, payload.timeZone, language),
        })
      : strings.noClasses,
  ];
  if (payload.dueToday > 0) lines.push(interpolate(strings.dueToday, { count: count(payload.dueToday) }));
  if (payload.overdue > 0) lines.push(interpolate(strings.overdue, { count: count(payload.overdue) }));
  const title = interpolate(strings.title, { date: formatDigestDate(payload.date, language) });
  return content(title, lines.join('\n'), payload.tag, payload.url);
}

function studyBlockStartNotification(payload: StudyBlockStartPush): NotificationContent {
  const language = languageOf(payload);
  const strings = STRINGS[language].studyBlock;
  const start = formatInZone(payload.start, payload.timeZone, language);
  const end = formatInZone(payload.end, payload.timeZone, language);
  return content(interpolate(strings.title, { title: payload.title }), interpolate(strings.body, { start, end }), payload.tag, payload.url);
}

function groupItemNotification(payload: GroupItemPush): NotificationContent {
  const strings = STRINGS[languageOf(payload)].groupItem;
  const posterName = payload.posterName ?? strings.formerMember;
  return content(
    interpolate(strings.title, { className: payload.className }),
    interpolate(strings.body, { posterName, title: payload.title }),
    payload.tag,
    payload.url,
  );
}

/** A push payload → the notification to show, or null for a message this version does not know. */
export function notificationFor(payload: unknown): NotificationContent | null {
  if (isClassSoon(payload)) return classSoonNotification(payload);
  if (isDailyDigest(payload)) return dailyDigestNotification(payload);
  if (isFocusPhaseEnd(payload)) return focusPhaseEndNotification(payload);
  if (isStudyBlockStart(payload)) return studyBlockStartNotification(payload);
  if (isGroupItem(payload)) return groupItemNotification(payload);
  if (isTaskReminder(payload)) return taskReminderNotification(payload);
  return null;
}

/* The few service-worker types used here (lib.webworker cannot join this DOM program; the real
   ServiceWorkerGlobalScope satisfies them). */
type ExtendableEvent = Event & { waitUntil(promise: Promise<unknown>): void };
type PushEvent = ExtendableEvent & { data: { json(): unknown } | null };
type NotificationEvent = ExtendableEvent & { notification: Notification & { data?: { url?: string } } };
type WindowClient = {
  url: string;
  focused: boolean;
  visibilityState?: DocumentVisibilityState;
  focus(): Promise<WindowClient>;
  navigate(url: string): Promise<WindowClient | null>;
};
export type PushServiceWorkerScope = {
  location: { origin: string };
  registration: { showNotification(title: string, options: NotificationOptions): Promise<void> };
  clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WindowClient[]>;
    openWindow(url: string): Promise<unknown>;
  };
  addEventListener(type: 'push', listener: (event: PushEvent) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationEvent) => void): void;
};

/** The window to show `url` in: one already there, else any StudyPilot window; null to open a new one. */
export function pickClient<T extends { url: string; focused: boolean }>(
  clients: readonly T[],
  url: string,
  origin: string,
): { client: T; navigate: boolean } | null {
  const target = new URL(url, origin);
  // A target with a query (the Plan tab: /study?tab=plan) is there only with that query; /study on the timer is navigated.
  const same = clients.find(
    (client) => onPage(client.url, target) && (target.search === '' || new URL(client.url).search === target.search),
  );
  if (same) return { client: same, navigate: false };
  const any = clients.find((client) => client.focused) ?? clients.find((client) => new URL(client.url).origin === target.origin);
  return any ? { client: any, navigate: true } : null;
}

export function registerPushHandlers(sw: PushServiceWorkerScope): void {
  sw.addEventListener('push', (event) => {
    let payload: unknown = null;
    try {
      payload = event.data?.json() ?? null;
    } catch {
      payload = null;
    }
    const content = notificationFor(payload);
    event.waitUntil(
      (async () => {
        // A phase end with the timer's page in view: the tab alerts. (Chrome allows a push without a
        // notification while the site is in view; Safari's stricter rule: decision 152.)
        if (content && isFocusPhaseEnd(payload)) {
          const clients = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
          if (timerAlertsInTab(clients, FOCUS_ALARM_URL, sw.location.origin)) return;
        }
        // A push must show a notification (userVisibleOnly); an unknown one still says where it came from.
        await (content
          ? sw.registration.showNotification(content.title, content.options)
          : sw.registration.showNotification('StudyPilot', {
              tag: 'studypilot',
              icon: NOTIFICATION_ICON,
              badge: NOTIFICATION_BADGE,
              data: { url: '/' },
            }));
      })(),
    );
  });

  sw.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const url = event.notification.data?.url ?? '/';
    event.waitUntil(
      (async () => {
        const clients = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
        const pick = pickClient(clients, url, sw.location.origin);
        if (!pick) {
          await sw.clients.openWindow(url);
          return;
        }
        const focused = await pick.client.focus();
        if (pick.navigate)
          await (focused ?? pick.client).navigate(new URL(url, sw.location.origin).href).catch(() => sw.clients.openWindow(url));
      })(),
    );
  });
}
