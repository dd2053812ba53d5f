import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { TEMPLATE_IDS } from '../../../common/schemas/templates.schema';
import { renderPdf } from './render-pdf';
import { buildTemplateDocument, TEMPLATE_DEFINITIONS } from './template-catalogue';
import { templateLocale } from './template-locale';
import type { TemplateData } from './template-models';

/** A busy student: long names in two scripts, classes from early to late, many deadlines. */
const courses = Array.from({ length: 8 }, (_, index) => ({
  id: `c${index}`,
  name: index % 2 ? `高等数学と線形代数の演習 ${index}` : `Introduction to Thermodynamics and Statistical Mechanics ${index}`,
  room: `Building ${index}, room 10${index}`,
  instructor: `Dr. Example ${index}`,
  credits: 6,
  termId: 't1',
  startDate: null,
  endDate: null,
  color: ['#3366cc', '#cc3366', '#33aa66', '#aa8800'][index % 4] ?? '#888888',
  timeSlots: [
    { day: 1 + (index % 5), startTime: `${String(7 + index).padStart(2, '0')}:15`, endTime: `${String(8 + index).padStart(2, '0')}:45` },
    { day: (index + 3) % 7, startTime: '19:00', endTime: '21:30' },
  ],
  cancelledLessons: [],
}));
const data: TemplateData = {
  userName: 'a_rather_long_username_01',
  timeZone: 'America/New_York',
  today: '2026-11-24',
  courses,
  terms: [{ id: 't1', name: 'Autumn semester', startDate: '2026-08-31', endDate: '2027-01-29', rotation: { kind: 'weekly' } }],
  holidays: [{ name: 'Thanksgiving break', startDate: '2026-11-26', endDate: '2026-11-29' }],
  tasks: Array.from({ length: 80 }, (_, index) => ({
    id: `x${index}`,
    title: `${index % 3 ? 'Problem set' : '研究レポートの下書きと参考文献リスト'} ${index} with a title long enough to wrap in a narrow column`,
    dueDate: `2026-${index < 40 ? '12' : '11'}-${String(1 + (index % 28)).padStart(2, '0')}`,
    courseId: `c${index % 8}`,
    taskType: ['project', 'assignment', 'presentation', 'reading'][index % 4] ?? 'other',
    priority: 'high',
    completed: false,
  })),
  assessments: Array.from({ length: 6 }, (_, index) => ({
    id: `a${index}`,
    name: `Final exam ${index}`,
    type: 'exam',
    date: `2026-12-${String(5 + index * 3).padStart(2, '0')}`,
    courseId: `c${index}`,
    weight: 25,
  })),
};

/** The positions every text run and drawing is placed at, per page, read back from the content streams. */
async function placements(bytes: Uint8Array) {
  const pdf = await PDFDocument.load(bytes);
  return pdf.getPages().map((page) => {
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => pdf.context.lookup(ref)) : [contents];
    const text = streams
      .map((stream) => (stream instanceof PDFRawStream ? Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1') : ''))
      .join('\n');
    const points = [...text.matchAll(/1 0 0 1 (-?[\d.]+) (-?[\d.]+) (?:Tm|cm)/g)].map((match) => ({
      x: Number(match[1]),
      y: Number(match[2]),
    }));
    return { width: page.getWidth(), height: page.getHeight(), points };
  });
}

describe('PDF layout', () => {
  const pdfTemplates = TEMPLATE_IDS.filter((id) => TEMPLATE_DEFINITIONS[id].format === 'pdf');

  it.each(pdfTemplates.flatMap((id) => [[id, 'en'] as const, [id, 'ja'] as const]))(
    '%s (%s) places everything on its pages',
    async (id, language) => {
      const pages = await placements(await renderPdf(buildTemplateDocument(id, data, templateLocale(language))));
      expect(pages.length).toBeGreaterThan(0);
      expect(pages.length).toBeLessThanOrEqual(20);
      for (const page of pages) {
        expect(page.points.length).toBeGreaterThan(0);
        for (const point of page.points) {
          expect(point.x, id).toBeGreaterThanOrEqual(0);
          expect(point.x, id).toBeLessThanOrEqual(page.width);
          expect(point.y, id).toBeGreaterThanOrEqual(0);
          expect(point.y, id).toBeLessThanOrEqual(page.height);
        }
      }
    },
  );

  it('draws the timetable landscape on one page and a course page per course for Cornell notes', async () => {
    const [timetable] = await placements(await renderPdf(buildTemplateDocument('weekly-timetable', data, templateLocale('en'))));
    expect(timetable && timetable.width > timetable.height).toBe(true);
    const cornell = await placements(await renderPdf(buildTemplateDocument('cornell-notes', data, templateLocale('en'))));
    expect(cornell).toHaveLength(courses.length);
  });
});
