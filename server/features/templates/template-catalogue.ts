import { addDays } from '../../../common/domain/local-time';
import { expandTimetable } from '../../../common/domain/timetable';
import type {
  TableBlock,
  TemplateBlock,
  TemplateCategory,
  TemplateDocument,
  TemplateFormat,
  TemplateId,
  TemplateSection,
} from '../../../common/schemas/templates.schema';
import type { TemplateLocale } from './template-locale';
import {
  currentTerm,
  daysUntil,
  ganttBar,
  milestoneDates,
  monthGridModels,
  planningWindow,
  plannedStart,
  revisionSessions,
  sundayOf,
  weekGridModel,
  weeksOf,
  type TemplateData,
} from './template-models';

/**
 * The fifteen premium templates (docs/product.md §3: five categories, three each; docs/decisions/134): each
 * turns the user's data into a TemplateDocument in the user's language.
 */
type Definition = {
  category: TemplateCategory;
  format: TemplateFormat;
  landscape: boolean;
  build: (data: TemplateData, locale: TemplateLocale) => TemplateSection[];
};

const table = (
  columns: string[],
  widths: number[],
  rows: string[][],
  blankRows = 0,
  choices: TableBlock['choices'] = null,
): TableBlock => ({
  kind: 'table',
  columns,
  widths,
  rows,
  blankRows,
  choices,
});
const heading = (text: string): TemplateBlock => ({ kind: 'heading', text });
const paragraph = (text: string, muted = false): TemplateBlock => ({ kind: 'paragraph', text, muted });
const lines = (label: string, count: number): TemplateBlock => ({ kind: 'lines', label, count });

function courseNames(data: TemplateData): Map<string, string> {
  return new Map(data.courses.map((course) => [course.id, course.name]));
}
const typeLabel = (locale: TemplateLocale, type: string) =>
  (locale.strings.types as Record<string, string>)[type] ?? locale.strings.types.other;
const priorityLabel = (locale: TemplateLocale, priority: string) =>
  (locale.strings.priorities as Record<string, string>)[priority] ?? priority;

/** This week's class meetings (Sunday to Saturday), from the one timetable expansion. */
function weekOccurrences(data: TemplateData) {
  const weekStart = sundayOf(data.today);
  const occurrences = expandTimetable({
    courses: data.courses,
    terms: data.terms,
    holidays: data.holidays,
    timeZone: data.timeZone,
    from: weekStart,
    to: addDays(weekStart, 6),
  });
  return { weekStart, occurrences };
}

function weekGridBlock(data: TemplateData, locale: TemplateLocale): TemplateBlock {
  const { weekStart, occurrences } = weekOccurrences(data);
  const model = weekGridModel(occurrences, weekStart);
  const courses = new Map(data.courses.map((course) => [course.id, course]));
  const hours: { minute: number; label: string }[] = [];
  for (let minute = model.startMinute; minute <= model.endMinute; minute += 60) {
    hours.push({ minute, label: locale.clock(`${String(Math.floor(minute / 60) % 24).padStart(2, '0')}:00`) });
  }
  return {
    kind: 'weekGrid',
    startMinute: model.startMinute,
    endMinute: model.endMinute,
    hours,
    days: model.days.map((day) => ({
      label: locale.shortDate(day.date),
      items: day.items.map((item) => {
        const course = courses.get(item.courseId);
        return {
          startMinute: item.startMinute,
          endMinute: item.endMinute,
          time: `${locale.clock(item.startTime)}–${locale.clock(item.endTime)}`,
          title: course?.name ?? '',
          detail: course?.room ?? '',
          color: course?.color ?? '#888888',
        };
      }),
    })),
  };
}

function weekRange(data: TemplateData, locale: TemplateLocale): string {
  const start = sundayOf(data.today);
  return locale.t(locale.strings.weekOf, { range: locale.range(start, addDays(start, 6)) });
}

function courseTable(data: TemplateData, locale: TemplateLocale): TableBlock {
  const { labels } = locale.strings;
  const terms = new Map(data.terms.map((term) => [term.id, term.name]));
  return table(
    [labels.course, labels.room, labels.instructor, labels.credits, labels.term],
    [3, 1.5, 2, 1, 2],
    data.courses.map((course) => [
      course.name,
      course.room ?? '',
      course.instructor ?? '',
      course.credits === null ? '' : locale.number(course.credits),
      course.termId ? (terms.get(course.termId) ?? '') : '',
    ]),
  );
}

function window(data: TemplateData) {
  const term = currentTerm(data.terms, data.today);
  return { term, ...planningWindow(term, data.today) };
}

function dueLabel(data: TemplateData, locale: TemplateLocale, date: string): string {
  const days = daysUntil(data.today, date);
  if (days === 0) return locale.strings.dueToday;
  return days > 0 ? locale.t(locale.strings.daysLeft, { count: days }) : '';
}

/** Tasks of project-like types still open, earliest due first (the project templates' input). */
function projectTasks(data: TemplateData) {
  return data.tasks.filter(
    (task) =>
      !task.completed && task.dueDate >= data.today && ['project', 'presentation', 'coursework', 'assignment'].includes(task.taskType),
  );
}

const MAX_PER_COURSE_PAGES = 12;
const MAX_ASSESSMENT_PAGES = 15;
const GANTT_WEEKS = 16;

export const TEMPLATE_DEFINITIONS: Record<TemplateId, Definition> = {
  'weekly-timetable': {
    category: 'scheduleTemplates',
    format: 'pdf',
    landscape: true,
    build: (data, locale) => {
      const { occurrences } = weekOccurrences(data);
      const blocks: TemplateBlock[] = [paragraph(weekRange(data, locale)), weekGridBlock(data, locale)];
      if (occurrences.length === 0) blocks.push(paragraph(locale.strings.noClasses, true));
      return [{ title: locale.strings.templates['weekly-timetable'].name, blocks }];
    },
  },
  'class-schedule': {
    category: 'scheduleTemplates',
    format: 'xlsx',
    landscape: false,
    build: (data, locale) => {
      const { labels } = locale.strings;
      const { occurrences } = weekOccurrences(data);
      const courses = new Map(data.courses.map((course) => [course.id, course]));
      const rows = occurrences.map((occurrence) => {
        const course = courses.get(occurrence.courseId);
        return [
          locale.shortDate(occurrence.date),
          locale.clock(occurrence.startTime),
          locale.clock(occurrence.endTime),
          course?.name ?? '',
          course?.room ?? '',
          course?.instructor ?? '',
        ];
      });
      return [
        {
          title: locale.strings.templates['weekly-timetable'].name,
          blocks: [
            paragraph(weekRange(data, locale)),
            table([labels.day, labels.start, labels.end, labels.course, labels.room, labels.instructor], [2, 1, 1, 3, 1.5, 2], rows),
            ...(rows.length === 0 ? [paragraph(locale.strings.noClasses, true)] : []),
          ],
        },
        {
          title: labels.courses,
          blocks: [courseTable(data, locale), ...(data.courses.length === 0 ? [paragraph(locale.strings.noCourses, true)] : [])],
        },
      ];
    },
  },
  'term-calendar': {
    category: 'scheduleTemplates',
    format: 'pdf',
    landscape: false,
    build: (data, locale) => {
      const { term, from, to } = window(data);
      const months = monthGridModels(
        from,
        to,
        locale.calendarFirstDay,
        data.holidays,
        data.tasks.map((task) => task.dueDate),
        data.assessments.map((assessment) => assessment.date),
      );
      const weekdays = Array.from({ length: 7 }, (_, index) => locale.weekday((index + locale.calendarFirstDay) % 7, 'short'));
      const span = term ? locale.t(locale.strings.termSpan, { name: term.name, range: locale.range(from, to) }) : locale.range(from, to);
      return months.map((month) => ({
        title: locale.month(month.month),
        blocks: [
          paragraph(span),
          {
            kind: 'monthGrid',
            weekdays,
            weeks: month.weeks.map((week) =>
              week.map((cell) =>
                cell
                  ? {
                      day: cell.day,
                      shaded: cell.shaded,
                      marks: [
                        ...Array<string>(Math.min(cell.tasks, 3)).fill('•'),
                        ...Array<string>(Math.min(cell.assessments, 3)).fill('◆'),
                      ],
                    }
                  : null,
              ),
            ),
          },
          paragraph(locale.strings.shadedHolidays, true),
        ],
      }));
    },
  },
  'semester-planner': {
    category: 'studyPlanners',
    format: 'pdf',
    landscape: false,
    build: (data, locale) => {
      const { labels } = locale.strings;
      const { term, from, to } = window(data);
      const names = courseNames(data);
      const rows = weeksOf(from, to).map((week, index) => {
        const due = [
          ...data.tasks
            .filter((task) => task.dueDate >= week.start && task.dueDate <= week.end)
            .map((task) => `• ${task.title}${task.courseId ? ` (${names.get(task.courseId) ?? ''})` : ''}`),
          ...data.assessments
            .filter((assessment) => assessment.date >= week.start && assessment.date <= week.end)
            .map((assessment) => `◆ ${assessment.name}${assessment.courseId ? ` (${names.get(assessment.courseId) ?? ''})` : ''}`),
        ];
        const holidays = data.holidays
          .filter((holiday) => holiday.startDate <= week.end && holiday.endDate >= week.start)
          .map((holiday) => holiday.name);
        return [`${labels.week} ${index + 1}\n${locale.range(week.start, week.end)}`, due.join('\n'), holidays.join('\n'), ''];
      });
      const span = term ? locale.t(locale.strings.termSpan, { name: term.name, range: locale.range(from, to) }) : locale.range(from, to);
      return [
        {
          title: locale.strings.templates['semester-planner'].name,
          blocks: [paragraph(span), table([labels.week, labels.dueThisWeek, labels.holidays, labels.plan], [1.6, 3.4, 1.4, 2.6], rows)],
        },
      ];
    },
  },
  'weekly-study-planner': {
    category: 'studyPlanners',
    format: 'pdf',
    landscape: false,
    build: (data, locale) => {
      const { labels, planner } = locale.strings;
      const { weekStart, occurrences } = weekOccurrences(data);
      const names = courseNames(data);
      const open = data.tasks.filter((task) => !task.completed && task.dueDate >= data.today);
      const priorities = [...open]
        .sort((a, b) => (a.priority === 'high' ? 0 : 1) - (b.priority === 'high' ? 0 : 1) || a.dueDate.localeCompare(b.dueDate))
        .slice(0, 5);
      const days = Array.from({ length: 7 }, (_, offset) => addDays(weekStart, offset)).map((date) => {
        const classes = occurrences
          .filter((occurrence) => occurrence.date === date)
          .map((occurrence) => `${locale.clock(occurrence.startTime)} ${names.get(occurrence.courseId) ?? ''}`);
        const due = [
          ...data.tasks.filter((task) => task.dueDate === date).map((task) => `• ${task.title}`),
          ...data.assessments.filter((assessment) => assessment.date === date).map((assessment) => `◆ ${assessment.name}`),
        ];
        return [locale.shortDate(date), classes.join('\n'), due.join('\n'), ''];
      });
      return [
        {
          title: locale.strings.templates['weekly-study-planner'].name,
          blocks: [
            paragraph(weekRange(data, locale)),
            heading(planner.topPriorities),
            {
              kind: 'checklist',
              items:
                priorities.length > 0
                  ? priorities.map((task) => ({ text: `${task.title} — ${locale.date(task.dueDate)}`, done: false }))
                  : [
                      { text: '', done: false },
                      { text: '', done: false },
                      { text: '', done: false },
                    ],
            },
            table([labels.day, labels.classes, labels.due, planner.studyBlocks], [1.4, 2.4, 2.4, 2.8], days),
            lines(planner.goals, 4),
          ],
        },
      ];
    },
  },
  'task-tracker': {
    category: 'studyPlanners',
    format: 'xlsx',
    landscape: false,
    build: (data, locale) => {
      const { labels } = locale.strings;
      const names = courseNames(data);
      const rows = data.tasks
        .filter((task) => !task.completed && task.dueDate >= data.today)
        .map((task) => [
          task.title,
          task.courseId ? (names.get(task.courseId) ?? '') : '',
          typeLabel(locale, task.taskType),
          priorityLabel(locale, task.priority),
          locale.date(task.dueDate),
          '',
          '',
        ]);
      return [
        {
          title: locale.strings.templates['task-tracker'].name,
          blocks: [
            table(
              [labels.task, labels.course, labels.type, labels.priority, labels.due, labels.done, labels.notes],
              [4, 2.5, 1.6, 1.2, 1.6, 0.8, 3],
              rows,
              10,
            ),
            ...(rows.length === 0 ? [paragraph(locale.strings.nothingDue, true)] : []),
          ],
        },
      ];
    },
  },
  'cornell-notes': {
    category: 'noteTaking',
    format: 'pdf',
    landscape: false,
    build: (data, locale) => {
      const { labels, cornell } = locale.strings;
      const pages = data.courses.length > 0 ? data.courses.slice(0, MAX_PER_COURSE_PAGES) : [null];
      return pages.map((course) => ({
        title: course?.name ?? locale.strings.templates['cornell-notes'].name,
        blocks: [
          {
            kind: 'fields',
            fields: [
              { label: labels.course, value: course?.name ?? '' },
              { label: labels.date, value: '' },
              { label: labels.topic, value: '' },
            ],
          },
          { kind: 'cornell', cue: cornell.cue, notes: cornell.notes, summary: cornell.summary },
        ],
      }));
    },
  },
  'lecture-notes': {
    category: 'noteTaking',
    format: 'docx',
    landscape: false,
    build: (data, locale) => {
      const { labels, lecture } = locale.strings;
      const courses = data.courses.length > 0 ? data.courses.slice(0, MAX_PER_COURSE_PAGES) : [null];
      return courses.map((course) => ({
        title: course?.name ?? locale.strings.templates['lecture-notes'].name,
        blocks: [
          {
            kind: 'fields',
            fields: [
              { label: labels.course, value: course?.name ?? '' },
              { label: labels.instructor, value: course?.instructor ?? '' },
              { label: labels.room, value: course?.room ?? '' },
              { label: labels.date, value: '' },
              { label: labels.topic, value: '' },
            ],
          },
          lines(lecture.keyTerms, 3),
          lines(lecture.notes, 12),
          lines(lecture.questions, 3),
          lines(lecture.summary, 3),
        ],
      }));
    },
  },
  'reading-log': {
    category: 'noteTaking',
    format: 'xlsx',
    landscape: false,
    build: (data, locale) => {
      const { labels, reading } = locale.strings;
      const courseList = data.courses.map((course) => course.name);
      return [
        {
          title: locale.strings.templates['reading-log'].name,
          blocks: [
            table(
              [labels.date, labels.course, reading.title, reading.author, reading.pages, reading.keyIdeas, reading.questions],
              [1.3, 2.5, 3, 2, 1, 4, 3],
              [],
              30,
              courseList.length > 0 ? { column: 1, values: courseList } : null,
            ),
          ],
        },
        { title: labels.courses, blocks: [courseTable(data, locale)] },
      ];
    },
  },
  'exam-checklist': {
    category: 'examPrep',
    format: 'pdf',
    landscape: false,
    build: (data, locale) => {
      const { labels, exam } = locale.strings;
      const names = courseNames(data);
      const upcoming = data.assessments.filter((assessment) => assessment.date >= data.today).slice(0, MAX_ASSESSMENT_PAGES);
      const checklist: TemplateBlock = { kind: 'checklist', items: exam.checklist.map((text) => ({ text, done: false })) };
      if (upcoming.length === 0) {
        return [
          {
            title: locale.strings.templates['exam-checklist'].name,
            blocks: [
              paragraph(locale.strings.noAssessments, true),
              {
                kind: 'fields',
                fields: [
                  { label: labels.assessment, value: '' },
                  { label: labels.course, value: '' },
                  { label: labels.date, value: '' },
                ],
              },
              checklist,
              lines(labels.notes, 6),
            ],
          },
        ];
      }
      return upcoming.map((assessment) => ({
        title: assessment.name,
        blocks: [
          {
            kind: 'fields',
            fields: [
              { label: labels.course, value: assessment.courseId ? (names.get(assessment.courseId) ?? '') : '' },
              { label: labels.type, value: typeLabel(locale, assessment.type) },
              { label: labels.date, value: `${locale.date(assessment.date)} · ${dueLabel(data, locale, assessment.date)}` },
              { label: labels.weight, value: `${locale.number(assessment.weight)} %` },
            ],
          },
          checklist,
          lines(labels.notes, 6),
        ],
      }));
    },
  },
  'revision-timetable': {
    category: 'examPrep',
    format: 'xlsx',
    landscape: false,
    build: (data, locale) => {
      const { labels, revision } = locale.strings;
      const names = courseNames(data);
      const sessions = revisionSessions(data.assessments, data.today);
      const courseOf = (courseId: string | null) => (courseId ? (names.get(courseId) ?? '') : '');
      return [
        {
          title: revision.sessions,
          blocks: [
            table(
              [labels.date, labels.course, labels.assessment, labels.session, labels.minutes, labels.done],
              [1.6, 2.5, 3, 3, 1, 0.8],
              sessions.map((session) => [
                locale.shortDate(session.date),
                courseOf(session.assessment.courseId),
                session.assessment.name,
                revision[session.kind],
                String(session.minutes),
                '',
              ]),
            ),
            ...(sessions.length === 0 ? [paragraph(locale.strings.noAssessments, true)] : []),
          ],
        },
        {
          title: labels.assessment,
          blocks: [
            table(
              [labels.assessment, labels.course, labels.type, labels.date, labels.weight],
              [3, 2.5, 1.5, 1.6, 1],
              data.assessments.map((assessment) => [
                assessment.name,
                courseOf(assessment.courseId),
                typeLabel(locale, assessment.type),
                locale.date(assessment.date),
                `${locale.number(assessment.weight)} %`,
              ]),
            ),
          ],
        },
      ];
    },
  },
  'exam-study-guide': {
    category: 'examPrep',
    format: 'docx',
    landscape: false,
    build: (data, locale) => {
      const { labels, exam } = locale.strings;
      const names = courseNames(data);
      const upcoming = data.assessments.filter((assessment) => assessment.date >= data.today).slice(0, MAX_ASSESSMENT_PAGES);
      const guide = (fields: { label: string; value: string }[]): TemplateBlock[] => [
        { kind: 'fields', fields },
        lines(exam.topics, 5),
        lines(exam.formulas, 5),
        lines(exam.practice, 5),
        lines(exam.weakSpots, 3),
      ];
      if (upcoming.length === 0) {
        return [
          {
            title: locale.strings.templates['exam-study-guide'].name,
            blocks: [
              paragraph(locale.strings.noAssessments, true),
              ...guide([
                { label: labels.assessment, value: '' },
                { label: labels.course, value: '' },
                { label: labels.date, value: '' },
              ]),
            ],
          },
        ];
      }
      return upcoming.map((assessment) => ({
        title: assessment.name,
        blocks: guide([
          { label: labels.course, value: assessment.courseId ? (names.get(assessment.courseId) ?? '') : '' },
          { label: labels.date, value: `${locale.date(assessment.date)} · ${dueLabel(data, locale, assessment.date)}` },
          { label: labels.weight, value: `${locale.number(assessment.weight)} %` },
        ]),
      }));
    },
  },
  'project-plan': {
    category: 'projectManagement',
    format: 'xlsx',
    landscape: true,
    build: (data, locale) => {
      const { labels, project } = locale.strings;
      const names = courseNames(data);
      const items = projectTasks(data).map((task) => ({ task, start: plannedStart(task.dueDate, task.taskType, data.today) }));
      const weekStart = sundayOf(data.today);
      const columns = Array.from({ length: GANTT_WEEKS }, (_, index) => locale.shortDate(addDays(weekStart, index * 7)));
      const bars = items.flatMap(({ task, start }) => {
        const bar = ganttBar(start, task.dueDate, data.today, GANTT_WEEKS);
        return bar ? [{ label: task.title, detail: task.courseId ? (names.get(task.courseId) ?? '') : '', ...bar }] : [];
      });
      return [
        {
          title: project.plan,
          blocks: [
            table(
              [labels.task, labels.course, labels.type, labels.start, labels.due, labels.days, labels.status],
              [4, 2.5, 1.6, 1.6, 1.6, 0.8, 1.2],
              items.map(({ task, start }) => [
                task.title,
                task.courseId ? (names.get(task.courseId) ?? '') : '',
                typeLabel(locale, task.taskType),
                locale.date(start),
                locale.date(task.dueDate),
                String(daysUntil(start, task.dueDate)),
                labels.open,
              ]),
              5,
            ),
            ...(items.length === 0 ? [paragraph(locale.strings.noProjects, true)] : []),
          ],
        },
        { title: project.gantt, blocks: [{ kind: 'gantt', taskLabel: labels.task, columns, bars }] },
      ];
    },
  },
  'group-charter': {
    category: 'projectManagement',
    format: 'docx',
    landscape: false,
    build: (data, locale) => {
      const { labels, project } = locale.strings;
      const names = courseNames(data);
      const next =
        projectTasks(data).find((task) => task.taskType === 'project' || task.taskType === 'presentation') ?? projectTasks(data)[0] ?? null;
      const milestones = next ? milestoneDates(data.today, next.dueDate) : null;
      return [
        {
          title: next?.title ?? locale.strings.templates['group-charter'].name,
          blocks: [
            ...(next ? [] : [paragraph(locale.strings.noProjects, true)]),
            heading(labels.task),
            {
              kind: 'fields',
              fields: [
                { label: labels.task, value: next?.title ?? '' },
                { label: labels.course, value: next?.courseId ? (names.get(next.courseId) ?? '') : '' },
                { label: labels.due, value: next ? locale.date(next.dueDate) : '' },
              ],
            },
            heading(project.team),
            table([project.name, project.role, project.contact, project.strengths], [2.5, 2, 2.5, 3], [], 5),
            lines(project.goals, 4),
            lines(project.roles, 4),
            heading(project.communication),
            {
              kind: 'fields',
              fields: [
                { label: project.channel, value: '' },
                { label: project.meetingTime, value: '' },
              ],
            },
            heading(project.milestones),
            table(
              [project.milestone, labels.date, labels.done],
              [3, 2, 1],
              milestones
                ? milestones.map((entry) => [project[entry.milestone], locale.date(entry.date), ''])
                : [project.kickoff, project.research, project.draft, project.review, project.submission].map((name) => [name, '', '']),
            ),
            heading(project.agreement),
            paragraph(project.agreementText),
            lines(project.signatures, 4),
          ],
        },
      ];
    },
  },
  'meeting-notes': {
    category: 'projectManagement',
    format: 'pdf',
    landscape: false,
    build: (data, locale) => {
      const { labels, project } = locale.strings;
      const names = courseNames(data);
      const deadlines = projectTasks(data).slice(0, 8);
      return [
        {
          title: locale.strings.templates['meeting-notes'].name,
          blocks: [
            {
              kind: 'fields',
              fields: [
                { label: labels.date, value: locale.date(data.today) },
                { label: labels.time, value: '' },
                { label: project.location, value: '' },
                { label: project.attendees, value: '' },
              ],
            },
            heading(project.agenda),
            { kind: 'checklist', items: [1, 2, 3, 4].map(() => ({ text: '', done: false })) },
            lines(project.decisions, 4),
            heading(project.actions),
            table([project.action, project.owner, labels.due], [4, 2, 1.6], [], 5),
            heading(project.deadlines),
            deadlines.length > 0
              ? table(
                  [labels.task, labels.course, labels.due],
                  [4, 2.5, 2],
                  deadlines.map((task) => [
                    task.title,
                    task.courseId ? (names.get(task.courseId) ?? '') : '',
                    `${locale.date(task.dueDate)} · ${dueLabel(data, locale, task.dueDate)}`,
                  ]),
                )
              : paragraph(locale.strings.noProjects, true),
          ],
        },
      ];
    },
  },
};

/** The download's file name: ASCII, the catalogue key and the format. */
export function templateFileName(id: TemplateId): string {
  return `studypilot-${id}.${TEMPLATE_DEFINITIONS[id].format}`;
}

/** The whole document of a template for this user and language. */
export function buildTemplateDocument(id: TemplateId, data: TemplateData, locale: TemplateLocale): TemplateDocument {
  const definition = TEMPLATE_DEFINITIONS[id];
  const template = locale.strings.templates[id];
  return {
    id,
    format: definition.format,
    language: locale.language,
    title: template.name,
    subtitle: locale.t(locale.strings.preparedFor, { name: data.userName, date: locale.date(data.today) }),
    landscape: definition.landscape,
    sections: definition.build(data, locale),
  };
}
