import type { StudySessionType } from '../../../common/schemas/study.schema';

/** `mm:ss`, or `h:mm:ss` from an hour up; seconds round up so 0:00 shows only at the end. */
export function formatCountdown(ms: number): string {
  const totalSeconds = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  const mmss = `${String(minutes).padStart(hours > 0 ? 2 : 1, '0')}:${String(seconds).padStart(2, '0')}`;
  return hours > 0 ? `${hours}:${mmss}` : mmss;
}

/** i18n keys of the session types (the enum values use underscores). */
export const TYPE_KEYS: Record<StudySessionType, string> = {
  focus: 'types.focus',
  reading: 'types.reading',
  problem_solving: 'types.problemSolving',
  note_taking: 'types.noteTaking',
};
