import { describe, expect, it } from 'vitest';
import { TEMPLATE_CATEGORIES, TEMPLATE_IDS, templateDocumentSchema } from '../../../common/schemas/templates.schema';
import { buildTemplateDocument, TEMPLATE_DEFINITIONS } from './template-catalogue';
import { interpolate, TEMPLATE_STRINGS, templateLocale } from './template-locale';
import type { TemplateData } from './template-models';
import { LANGUAGES } from '../../../common/domain/languages';

/** Every string of a catalogue with its path, for comparing languages. */
function leaves(value: unknown, path = ''): [string, string][] {
  if (typeof value === 'string') return [[path, value]];
  if (Array.isArray(value)) return value.flatMap((item, index) => leaves(item, `${path}[${index}]`));
  return Object.entries(value as Record<string, unknown>).flatMap(([key, item]) => leaves(item, path ? `${path}.${key}` : key));
}
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe('the words of generated documents', () => {
  const english = new Map(leaves(TEMPLATE_STRINGS.en));

  it.each(LANGUAGES.map((language) => [language]))('%s has every string of English, none empty, with the same placeholders', (language) => {
    const strings = new Map(leaves(TEMPLATE_STRINGS[language]));
    expect([...strings.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [path, text] of strings) {
      expect(text.trim(), `${language} ${path}`).not.toBe('');
      expect(placeholders(text), `${language} ${path}`).toEqual(placeholders(english.get(path) ?? ''));
    }
  });

  it('translates the names, not only copies them', () => {
    for (const language of LANGUAGES.filter((entry) => entry !== 'en')) {
      const same = TEMPLATE_IDS.filter((id) => TEMPLATE_STRINGS[language].templates[id].name === TEMPLATE_STRINGS.en.templates[id].name);
      expect(same, language).toEqual([]);
    }
  });

  // Reading Accept-Language moved with its rule to common/domain/languages.test.ts.
  it('fills placeholders', () => {
    expect(interpolate('Prepared for {name} on {date}', { name: 'Ana', date: 'today' })).toBe('Prepared for Ana on today');
    expect(interpolate('{missing} stays', {})).toBe('{missing} stays');
  });

  it('writes times on a 12-hour clock in English only, and dates in the language', () => {
    expect(templateLocale('en').clock('14:05')).toMatch(/^2:05\sPM$/);
    expect(templateLocale('de').clock('14:05')).toBe('14:05');
    expect(templateLocale('ja').clock('09:00')).toBe('9:00');
    expect(templateLocale('de').date('2026-12-03')).toBe('03.12.2026');
    expect(templateLocale('fr').weekday(1, 'long')).toBe('lundi');
    expect(templateLocale('zh').month('2026-12-01')).toBe('2026年12月');
  });
});

const data: TemplateData = {
  userName: 'mei',
  timeZone: 'Asia/Tokyo',
  today: '2026-11-24',
  courses: [
    {
      id: 'c1',
      name: '線形代数',
      room: 'A101',
      instructor: 'Dr. Sato',
      credits: 2,
      termId: 't1',
      startDate: null,
      endDate: null,
      color: '#3366cc',
      timeSlots: [{ day: 2, startTime: '09:00', endTime: '10:30' }],
      cancelledLessons: [],
    },
  ],
  terms: [{ id: 't1', name: 'Autumn', startDate: '2026-09-07', endDate: '2027-01-22', rotation: { kind: 'weekly' } }],
  holidays: [{ name: 'Winter break', startDate: '2026-12-24', endDate: '2027-01-06' }],
  tasks: [
    { id: 'x1', title: 'Bridge model', dueDate: '2026-12-18', courseId: 'c1', taskType: 'project', priority: 'high', completed: false },
  ],
  assessments: [{ id: 'a1', name: 'Midterm', type: 'exam', date: '2026-12-10', courseId: 'c1', weight: 30 }],
};

describe('the catalogue', () => {
  it('has three templates in each of the five categories', () => {
    for (const category of TEMPLATE_CATEGORIES) {
      expect(
        TEMPLATE_IDS.filter((id) => TEMPLATE_DEFINITIONS[id].category === category),
        category,
      ).toHaveLength(3);
    }
  });

  it.each(LANGUAGES.map((language) => [language]))('every template builds a valid document in %s, with and without data', (language) => {
    const locale = templateLocale(language);
    for (const id of TEMPLATE_IDS) {
      const full = templateDocumentSchema.parse(buildTemplateDocument(id, data, locale));
      expect(full.title).toBe(TEMPLATE_STRINGS[language].templates[id].name);
      expect(full.sections.length, id).toBeGreaterThan(0);
      const blank = templateDocumentSchema.parse(
        buildTemplateDocument(id, { ...data, courses: [], terms: [], holidays: [], tasks: [], assessments: [] }, locale),
      );
      expect(blank.sections.length, id).toBeGreaterThan(0);
    }
  });

  it('builds each template from the data it names', () => {
    const locale = templateLocale('en');
    const text = (id: (typeof TEMPLATE_IDS)[number]) => JSON.stringify(buildTemplateDocument(id, data, locale));
    expect(text('weekly-timetable')).toContain('線形代数');
    expect(text('cornell-notes')).toContain('線形代数');
    expect(text('exam-checklist')).toContain('Midterm');
    expect(text('exam-checklist')).toContain('16 days left');
    expect(text('revision-timetable')).toContain('Timed past paper');
    expect(text('project-plan')).toContain('Bridge model');
    expect(text('semester-planner')).toContain('Winter break');
    expect(text('group-charter')).toContain('Bridge model');
    const gantt = buildTemplateDocument('project-plan', data, locale).sections[1]?.blocks[0];
    // Planned from 21 days before 18 December, but not before today's week; due in the fourth week.
    expect(gantt).toMatchObject({ kind: 'gantt', bars: [{ label: 'Bridge model', start: 0, end: 3 }] });
  });

  it("the weekly timetable skips a cancelled lesson (a class group's cancellation)", () => {
    const locale = templateLocale('en');
    const lessonsOf = (document: ReturnType<typeof buildTemplateDocument>) =>
      document.sections
        .flatMap((section) => section.blocks)
        .flatMap((block) => (block.kind === 'weekGrid' ? block.days.flatMap((day) => day.items) : []));
    // Today (Tuesday 24 November) is the course's only meeting this week, slot 0.
    expect(lessonsOf(buildTemplateDocument('weekly-timetable', data, locale))).toHaveLength(1);
    const cancelled: TemplateData = {
      ...data,
      courses: data.courses.map((course) => ({ ...course, cancelledLessons: [{ date: '2026-11-24', slotIndex: 0 }] })),
    };
    expect(lessonsOf(buildTemplateDocument('weekly-timetable', cancelled, locale))).toEqual([]);
  });
});
