import { z } from 'zod';
import { MAX_TIME_SLOTS } from '../../../common/schemas/schedule.constants';
import { formRules, type TFunction } from './form-rules-schema';

/** The class form's rules, loaded at its first validation (web/lib/lazy-zod-resolver.ts). */
export function courseSchema(t: TFunction) {
  const rules = formRules(t);
  const slotSchema = z
    .object({
      day: z.string(),
      startTime: rules.time,
      endTime: rules.time,
      week: z.string(),
      cycleDay: z.string(),
    })
    .refine((slot) => !slot.startTime || !slot.endTime || slot.endTime > slot.startTime, {
      path: ['endTime'],
      message: rules.endTimeMessage,
    });
  return z
    .object({
      name: rules.name,
      credits: rules.credits,
      instructor: rules.optionalText,
      room: rules.optionalText,
      termId: z.string(),
      startDate: rules.optionalDate,
      endDate: rules.optionalDate,
      color: rules.color,
      targetGrade: rules.targetGrade,
      timeSlots: z.array(slotSchema).max(MAX_TIME_SLOTS),
    })
    .refine((values) => !values.startDate || !values.endDate || values.endDate >= values.startDate, rules.endAfterStart);
}
