import { classSoonStillWanted } from '../../../common/domain/push-planning';
import { expandTimetable } from '../../../common/domain/timetable';
import type { ClassSoonPushPayload } from '../../../common/schemas/push.schema';
import {
  claimAndDeliver,
  loadTimetable,
  readScheduledPushSettings,
  scheduledPushJobId,
  type ClassSoonJobData,
  type ScheduledPushDeps,
  type ScheduledPushOutcome,
} from './scheduled-push-jobs';

/**
 * Runs one "class starting soon" job (docs/decisions/155-class-soon-and-daily-digest.md): re-checks
 * that it is still wanted — the setting on with the same lead time, the class still meeting at the
 * planned instant as the timetable stands now (course, slot, term, rotation, holidays, time zone), not
 * yet started — then claims it and pushes "Chemistry starts in 10 minutes · Room 204" to every device.
 * The push expires when the class starts.
 */
export async function runClassSoon(deps: ScheduledPushDeps, data: ClassSoonJobData, now: Date = new Date()): Promise<ScheduledPushOutcome> {
  const [settings, timetable] = await Promise.all([readScheduledPushSettings(deps.db, data.userId), loadTimetable(deps.db, data.userId)]);
  if (!timetable) return { status: 'stale' };
  let occurrences;
  try {
    occurrences = expandTimetable({ ...timetable.source, from: data.date, to: data.date });
  } catch {
    // A zone this engine does not know (set before an update of the tz data): nothing to check against.
    return { status: 'stale' };
  }
  const occurrence = classSoonStillWanted(data, settings, occurrences, now.getTime());
  if (!occurrence) return { status: 'stale' };
  const course = timetable.courses.find((found) => found.id === occurrence.courseId);
  if (!course) return { status: 'stale' };
  const start = new Date(data.startMillis);
  return claimAndDeliver(
    deps,
    scheduledPushJobId('class-soon', data.userId, data.key),
    data.userId,
    (language): ClassSoonPushPayload => ({
      kind: 'class-soon',
      tag: `class-soon:${occurrence.occurrenceKey}`,
      url: '/schedule',
      courseName: course.name,
      room: course.room,
      start: start.toISOString(),
      minutes: data.minutes,
      timeZone: timetable.source.timeZone,
      language,
    }),
    start,
    now,
  );
}
