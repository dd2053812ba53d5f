import { addDays, localDateOf } from '../../../common/domain/local-time';
import type { StudyBlock } from '../../../common/schemas/study-plan.schema';

/**
 * The plan screen's pure rules (tested in plan-view.test.ts): which blocks it lists, by the student's local day,
 * and the next block for Home's "Next up". The plan itself is the server's (common/domain/study-plan.ts).
 */
export const PLAN_DAYS_SHOWN = 7;

/** A block's Start, from the plan tab to the focus centre. */
export type StartRequest = { blockId: string; courseId: string | null; title: string };

export type PlanDay = { date: string; blocks: StudyBlock[] };

/** The blocks from today to PLAN_DAYS_SHOWN − 1 days ahead, by local day, in time order; days without blocks left out. */
export function planDays(blocks: readonly StudyBlock[], now: Date, timeZone: string): PlanDay[] {
  const today = localDateOf(now, timeZone);
  const last = addDays(today, PLAN_DAYS_SHOWN - 1);
  const byDay = new Map<string, StudyBlock[]>();
  for (const block of blocks) {
    const date = localDateOf(block.start, timeZone);
    if (date < today || date > last) continue;
    const list = byDay.get(date) ?? [];
    list.push(block);
    byDay.set(date, list);
  }
  return [...byDay.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([date, list]) => ({ date, blocks: list.sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0)) }));
}

/** Minutes as hours and minutes: { hours: 1, minutes: 30 }. */
export function splitMinutes(total: number): { hours: number; minutes: number } {
  const rounded = Math.max(0, Math.round(total));
  return { hours: Math.floor(rounded / 60), minutes: rounded % 60 };
}
