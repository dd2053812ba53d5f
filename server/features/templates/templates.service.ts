import { and, asc, eq, gte, isNotNull, lte } from 'drizzle-orm';
import { addDays, localDateOf, startOfLocalDay, endOfLocalDay } from '../../../common/domain/local-time';
import type { TermRotation } from '../../../common/domain/timetable';
import {
  TEMPLATE_CONTENT_TYPES,
  TEMPLATE_IDS,
  type TemplateDocument,
  type TemplateId,
  type TemplateSummary,
} from '../../../common/schemas/templates.schema';
import type { DbOrTx } from '../../db/client';
import { assessments, courses, holidays, tasks, terms, type UserRow } from '../../db/schema';
import { isDatabaseBusyOrAway } from '../../db/errors';
import { HttpError } from '../../lib/http-error';
import { assertPremiumAccess } from '../premium/premium-guard';
import { paperFor, type Paper } from './paper';
import { renderDocx } from './render-docx';
import { renderPdf } from './render-pdf';
import { renderXlsx } from './render-xlsx';
import { buildTemplateDocument, TEMPLATE_DEFINITIONS, templateFileName } from './template-catalogue';
import { templateLocale } from './template-locale';
import { currentTerm, MAX_WINDOW_DAYS, planningWindow, type TemplateData } from './template-models';
import type { Language } from '../../../common/domain/languages';

/** Caps on the rows one document reads (docs/decisions/134): a long semester of a busy student. */
export const TEMPLATE_READ_LIMITS = { courses: 60, terms: 40, holidays: 100, tasks: 400, assessments: 200 } as const;
/** docs/product.md §8 "Failed to download file": the answer when a document cannot be made. */
export const TEMPLATE_FAILED_MESSAGE = 'Failed to download file';
/** docs/product.md §8 "Error Loading Content": the answer when a preview cannot be made. */
export const TEMPLATE_PREVIEW_FAILED_MESSAGE = 'Error Loading Content';

function rotationOf(kind: string, days: number | null): TermRotation {
  if (kind === 'ab') return { kind: 'ab' };
  if (kind === 'nday' && days) return { kind: 'nday', days };
  return { kind: 'weekly' };
}

/**
 * What a template may show of this user, read with every query filtered on the user and bounded in
 * rows and dates: the current term's window (at most 200 days) or 120 days from today.
 */
export async function readTemplateData(
  db: DbOrTx,
  user: Pick<UserRow, 'id' | 'username' | 'timeZone'>,
  now = new Date(),
): Promise<TemplateData> {
  const today = localDateOf(now, user.timeZone);
  const [courseRows, termRows, holidayRows] = await Promise.all([
    db.select().from(courses).where(eq(courses.userId, user.id)).orderBy(asc(courses.name)).limit(TEMPLATE_READ_LIMITS.courses),
    db
      .select()
      .from(terms)
      .where(
        and(
          eq(terms.userId, user.id),
          gte(terms.endDate, addDays(today, -MAX_WINDOW_DAYS)),
          lte(terms.startDate, addDays(today, MAX_WINDOW_DAYS)),
        ),
      )
      .orderBy(asc(terms.startDate))
      .limit(TEMPLATE_READ_LIMITS.terms),
    db
      .select({ name: holidays.name, startDate: holidays.startDate, endDate: holidays.endDate })
      .from(holidays)
      .where(
        and(
          eq(holidays.userId, user.id),
          gte(holidays.endDate, addDays(today, -MAX_WINDOW_DAYS)),
          lte(holidays.startDate, addDays(today, 2 * MAX_WINDOW_DAYS)),
        ),
      )
      .orderBy(asc(holidays.startDate))
      .limit(TEMPLATE_READ_LIMITS.holidays),
  ]);
  const termList = termRows.map((term) => ({
    id: term.id,
    name: term.name,
    startDate: term.startDate,
    endDate: term.endDate,
    rotation: rotationOf(term.rotationKind, term.rotationDays),
  }));
  const window = planningWindow(currentTerm(termList, today), today);
  // Tasks from the window's start (or today's week) to its end; assessments from today.
  const from = window.from < addDays(today, -7) ? window.from : addDays(today, -7);
  const to = window.to > today ? window.to : addDays(today, MAX_WINDOW_DAYS);
  const [taskRows, assessmentRows] = await Promise.all([
    db
      .select({
        id: tasks.id,
        title: tasks.title,
        dueDate: tasks.dueDate,
        courseId: tasks.courseId,
        taskType: tasks.taskType,
        priority: tasks.priority,
        completed: tasks.completed,
      })
      .from(tasks)
      .where(
        and(
          eq(tasks.userId, user.id),
          isNotNull(tasks.dueDate),
          gte(tasks.dueDate, new Date(startOfLocalDay(from, user.timeZone))),
          lte(tasks.dueDate, new Date(endOfLocalDay(to, user.timeZone))),
        ),
      )
      .orderBy(asc(tasks.dueDate))
      .limit(TEMPLATE_READ_LIMITS.tasks),
    db
      .select({
        id: assessments.id,
        name: assessments.name,
        type: assessments.type,
        date: assessments.date,
        courseId: assessments.courseId,
        weight: assessments.weight,
      })
      .from(assessments)
      .where(and(eq(assessments.userId, user.id), gte(assessments.date, today), lte(assessments.date, addDays(today, MAX_WINDOW_DAYS))))
      .orderBy(asc(assessments.date))
      .limit(TEMPLATE_READ_LIMITS.assessments),
  ]);
  return {
    userName: user.username,
    timeZone: user.timeZone,
    today,
    courses: courseRows.map((course) => ({
      id: course.id,
      name: course.name,
      room: course.room,
      instructor: course.instructor,
      credits: course.credits,
      termId: course.termId,
      startDate: course.startDate,
      endDate: course.endDate,
      color: course.color,
      timeSlots: course.timeSlots,
      cancelledLessons: course.cancelledLessons,
    })),
    terms: termList,
    holidays: holidayRows,
    tasks: taskRows.flatMap((task) => (task.dueDate ? [{ ...task, dueDate: localDateOf(task.dueDate, user.timeZone) }] : [])),
    assessments: assessmentRows.flatMap((assessment) => (assessment.date ? [{ ...assessment, date: assessment.date }] : [])),
  };
}

/** The document a template makes for this user (the preview's answer and the download's content). */
export async function templateDocumentFor(
  db: DbOrTx,
  user: UserRow,
  id: TemplateId,
  language: Language,
  now = new Date(),
): Promise<TemplateDocument> {
  return buildTemplateDocument(id, await readTemplateData(db, user, now), templateLocale(language));
}

export function renderTemplate(document: TemplateDocument, paper: Paper = 'a4'): Promise<Uint8Array> {
  if (document.format === 'pdf') return renderPdf(document, { paper });
  if (document.format === 'xlsx') return renderXlsx(document);
  return renderDocx(document);
}

/** At most this many documents are made at once; later requests wait their turn (a bounded CPU cost). */
const MAX_CONCURRENT_RENDERS = 2;
let running = 0;
const waiting: (() => void)[] = [];
async function withRenderSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT_RENDERS) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

/** The blank edition (no user data) of a template: its byte size is the catalogue's `size`. */
const BLANK_DATA: Omit<TemplateData, 'today'> = {
  userName: 'StudyPilot',
  timeZone: 'UTC',
  courses: [],
  terms: [],
  holidays: [],
  tasks: [],
  assessments: [],
};
const blankSizes = new Map<string, Promise<number>>();

function blankSize(id: TemplateId, language: Language, today: string): Promise<number> {
  const key = `${id}|${language}`;
  let size = blankSizes.get(key);
  if (!size) {
    size = withRenderSlot(() => renderTemplate(buildTemplateDocument(id, { ...BLANK_DATA, today }, templateLocale(language)))).then(
      (bytes) => bytes.byteLength,
    );
    size.catch(() => blankSizes.delete(key));
    blankSizes.set(key, size);
  }
  return size;
}

/** GET /api/premium/templates: the catalogue in the user's language (open to every signed-in user). */
export async function listTemplates(language: Language, now = new Date()): Promise<TemplateSummary[]> {
  const locale = templateLocale(language);
  const today = localDateOf(now, 'UTC');
  return Promise.all(
    TEMPLATE_IDS.map(async (id) => {
      const definition = TEMPLATE_DEFINITIONS[id];
      return {
        id,
        category: definition.category,
        format: definition.format,
        name: locale.strings.templates[id].name,
        description: locale.strings.templates[id].description,
        fileName: templateFileName(id),
        size: await blankSize(id, language, today),
      };
    }),
  );
}

export type TemplateFile = { bytes: Uint8Array; contentType: string; fileName: string };

type Log = { error: (object: object, message: string) => void };

/**
 * One request for a template's document or file: whose, which, in which language, where to log a
 * failure; `acceptLanguage` (the browser's header) gives a PDF's paper with the user's time zone.
 */
export type TemplateRequest = { user: UserRow; id: TemplateId; language: Language; log: Log; now?: Date; acceptLanguage?: string };

/**
 * Makes the request's document, then `finish` makes what is answered from it: a failure is logged and
 * answered with docs/product.md §8's `message`, never a stack; a database away, slow or busy stays the usual 503
 * (server/plugins/errors.ts).
 */
async function guarded<T>(
  db: DbOrTx,
  { user, id, language, log, now = new Date() }: TemplateRequest,
  message: string,
  finish: (document: TemplateDocument) => Promise<T>,
): Promise<T> {
  try {
    return await finish(await templateDocumentFor(db, user, id, language, now));
  } catch (error) {
    if (error instanceof HttpError || isDatabaseBusyOrAway(error)) throw error;
    log.error({ err: error, template: id, language }, 'template generation failed');
    throw new HttpError(500, 'internal', message);
  }
}

/** GET /api/premium/templates/:id/preview: the document as JSON, for every signed-in user (docs/decisions/134). */
export function templatePreviewFor(db: DbOrTx, request: TemplateRequest): Promise<TemplateDocument> {
  return guarded(db, request, TEMPLATE_PREVIEW_FAILED_MESSAGE, async (document) => document);
}

/** The file of a template for this user, made from their own data; premium or trial only (checked here too). */
export async function templateFileFor(db: DbOrTx, request: TemplateRequest): Promise<TemplateFile> {
  await assertPremiumAccess(db, request.user, request.now);
  return guarded(db, request, TEMPLATE_FAILED_MESSAGE, async (document) => {
    const paper = paperFor(request.acceptLanguage, request.user.timeZone);
    const bytes = await withRenderSlot(() => renderTemplate(document, paper));
    return { bytes, contentType: TEMPLATE_CONTENT_TYPES[document.format], fileName: templateFileName(request.id) };
  });
}
