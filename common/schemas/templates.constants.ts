/**
 * The premium templates' catalogue keys, categories and formats (docs/decisions/134; the content model is in
 * templates.schema.ts), without zod: the web's pages import them (decision 234).
 */
export const TEMPLATE_CATEGORIES = ['scheduleTemplates', 'studyPlanners', 'noteTaking', 'examPrep', 'projectManagement'] as const;
export type TemplateCategory = (typeof TEMPLATE_CATEGORIES)[number];

export const TEMPLATE_FORMATS = ['pdf', 'xlsx', 'docx'] as const;
export type TemplateFormat = (typeof TEMPLATE_FORMATS)[number];

/** The catalogue keys, three per category (the order of the page). */
export const TEMPLATE_IDS = [
  'weekly-timetable',
  'class-schedule',
  'term-calendar',
  'semester-planner',
  'weekly-study-planner',
  'task-tracker',
  'cornell-notes',
  'lecture-notes',
  'reading-log',
  'exam-checklist',
  'revision-timetable',
  'exam-study-guide',
  'project-plan',
  'group-charter',
  'meeting-notes',
] as const;
export type TemplateId = (typeof TEMPLATE_IDS)[number];

export const TEMPLATE_CONTENT_TYPES: Record<TemplateFormat, string> = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};
