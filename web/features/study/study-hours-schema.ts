/**
 * The study hours form's check, loaded at its first save (decision 234): the API's own schema decides, so its
 * limits are not repeated in the form; this module brings zod with it only when the student saves.
 */
export { studyHoursSchema } from '../../../common/schemas/study-plan.schema';
