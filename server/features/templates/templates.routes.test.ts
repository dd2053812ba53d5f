import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { decodePDFRawStream, PDFDict, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  TEMPLATE_CATEGORIES,
  TEMPLATE_CONTENT_TYPES,
  TEMPLATE_IDS,
  templateDocumentSchema,
  type TemplateId,
} from '../../../common/schemas/templates.schema';
import { courses, users } from '../../db/schema';
import { signUp, type SignedUpUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { readZip } from '../../test/zip-reader';
import { TEMPLATE_DEFINITIONS } from './template-catalogue';

let t: TestApp;
let student: SignedUpUser;
let other: SignedUpUser;
let expired: SignedUpUser;

const CHINESE_COURSE = '高等数学';
const LATIN_COURSE = 'Thermodynamics';
const OTHER_COURSE = 'Secret Astrology';

/** One entry of a zip archive (DOCX and XLSX are zips) as text, or null when it has none of that name. */
const zipEntry = (zip: Buffer, name: string): string | null => readZip(zip).get(name) ?? null;

async function post(user: SignedUpUser, url: string, payload: object): Promise<{ id: string }> {
  const response = await t.request({ method: 'POST', url, token: user.token, payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/** The student's template list as a browser asking in `acceptLanguage` would see it. */
const listIn = (acceptLanguage: string) =>
  t.request({ method: 'GET', url: '/api/premium/templates', token: student.token, headers: { 'accept-language': acceptLanguage } });

/** A date `days` from now, as the API takes it. */
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp();
  [student, other, expired] = await Promise.all([signUp(t), signUp(t), signUp(t)]);
  await t.db
    .update(users)
    .set({ trialEndDate: new Date(Date.now() - 60_000) })
    .where(eq(users.id, expired.id));
  const everyDay = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, startTime: '09:00', endTime: '10:30' }));
  const chinese = await post(student, '/api/courses', { name: CHINESE_COURSE, color: '#3366cc', room: 'B201', timeSlots: everyDay });
  await post(student, '/api/courses', {
    name: LATIN_COURSE,
    color: '#cc6633',
    timeSlots: [{ day: 2, startTime: '13:00', endTime: '14:00' }],
  });
  await post(student, '/api/tasks', {
    title: 'Bridge model',
    dueDate: `${inDays(20)}T12:00:00.000Z`,
    taskType: 'project',
    courseId: chinese.id,
  });
  await post(student, '/api/assessments', {
    name: 'Final exam',
    type: 'exam',
    date: inDays(10),
    maxScore: 100,
    weight: 40,
    courseId: chinese.id,
  });
  const secret = await post(other, '/api/courses', { name: OTHER_COURSE, color: '#000000', timeSlots: everyDay });
  await post(other, '/api/tasks', {
    title: 'Other project',
    dueDate: `${inDays(15)}T12:00:00.000Z`,
    taskType: 'project',
    courseId: secret.id,
  });
  await post(other, '/api/assessments', { name: 'Other exam', type: 'exam', date: inDays(9), maxScore: 100, weight: 40 });
});

const download = (user: SignedUpUser | null, id: string, query = '') =>
  t.request({ method: 'GET', url: `/api/premium/templates/${id}/download${query}`, ...(user ? { token: user.token } : {}) });

describe('GET /api/premium/templates', () => {
  it('lists fifteen templates, three in each of the five categories, in the asked language', async () => {
    const response = await t.request({ method: 'GET', url: '/api/premium/templates?lang=de', token: expired.token });
    expect(response.statusCode).toBe(200);
    const list = response.json<{ id: string; category: string; name: string; fileName: string; size: number; format: string }[]>();
    expect(list.map((row) => row.id)).toEqual([...TEMPLATE_IDS]);
    for (const category of TEMPLATE_CATEGORIES) expect(list.filter((row) => row.category === category)).toHaveLength(3);
    expect(list.find((row) => row.id === 'weekly-timetable')).toMatchObject({
      name: 'Wochenstundenplan',
      fileName: 'studypilot-weekly-timetable.pdf',
      format: 'pdf',
    });
    for (const row of list) expect(row.size).toBeGreaterThan(1000);
  });

  it('falls back to Accept-Language, then English; refuses an unknown language', async () => {
    const japanese = await listIn('ja-JP,ja;q=0.9');
    expect(japanese.json()[0].name).toBe('週間時間割');
    const english = await listIn('ko');
    expect(english.json()[0].name).toBe('Weekly timetable');
    const unknown = await t.request({ method: 'GET', url: '/api/premium/templates?lang=xx', token: student.token });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('validation_error');
  });

  it('answers 400, never 500, for a repeated, empty, odd or unknown query parameter, and ignores an odd Accept-Language', async () => {
    for (const query of ['?lang=en&lang=fr', '?lang=', '?lang=%00', '?lang=EN', `?lang=${'x'.repeat(5000)}`, '?format=pdf', '?lang[]=en']) {
      for (const path of [
        '/api/premium/templates',
        '/api/premium/templates/exam-checklist/preview',
        '/api/premium/templates/exam-checklist/download',
      ]) {
        const response = await t.request({ method: 'GET', url: `${path}${query}`, token: student.token });
        expect(response.statusCode, `${path}${query}`).toBe(400);
      }
    }
    for (const header of ['', '*', ';q=0.5', 'zh-Hant-TW;q=abc', 'x'.repeat(4000), '\u00e9t\u00e9']) {
      const response = await listIn(header);
      expect(response.statusCode, header).toBe(200);
    }
  });

  it('needs a session', async () => {
    expect((await t.request({ method: 'GET', url: '/api/premium/templates' })).statusCode).toBe(401);
  });
});

describe('GET /api/premium/templates/:id/download', () => {
  it.each(TEMPLATE_IDS.map((id) => [id]))('%s downloads for a trial student with its type and name', async (id: TemplateId) => {
    const response = await download(student, id);
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    const format = TEMPLATE_DEFINITIONS[id].format;
    expect(response.headers['content-type']).toBe(TEMPLATE_CONTENT_TYPES[format]);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="studypilot-${id}.${format}"`);
    const bytes = response.rawPayload;
    if (format === 'pdf') {
      const pdf = await PDFDocument.load(bytes);
      expect(pdf.getPageCount()).toBeGreaterThan(0);
    } else if (format === 'xlsx') {
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
      expect(workbook.worksheets.length).toBeGreaterThan(0);
    } else {
      expect(zipEntry(bytes, 'word/document.xml')).toContain('<w:body>');
    }
  });

  it('fills the documents with the student’s own courses, Chinese names included, and nobody else’s', async () => {
    const lecture = zipEntry((await download(student, 'lecture-notes')).rawPayload, 'word/document.xml') ?? '';
    expect(lecture).toContain(CHINESE_COURSE);
    expect(lecture).toContain(LATIN_COURSE);
    expect(lecture).not.toContain(OTHER_COURSE);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await download(student, 'class-schedule')).rawPayload as unknown as ArrayBuffer);
    const cells: string[] = [];
    workbook.eachSheet((sheet) => sheet.eachRow((row) => row.eachCell((cell) => cells.push(String(cell.value)))));
    expect(cells).toContain(CHINESE_COURSE);
    expect(cells.join('\n')).not.toContain(OTHER_COURSE);

    const charter = zipEntry((await download(student, 'group-charter')).rawPayload, 'word/document.xml') ?? '';
    expect(charter).toContain('Bridge model');
    expect(charter).not.toContain('Other project');
  });

  it('writes a Chinese course name into the PDF with the embedded CJK font', async () => {
    const preview = await t.request({
      method: 'GET',
      url: '/api/premium/templates/weekly-timetable/preview?lang=zh',
      token: student.token,
    });
    const document = templateDocumentSchema.parse(preview.json());
    const grid = document.sections[0]?.blocks.find((block) => block.kind === 'weekGrid');
    expect(grid?.kind === 'weekGrid' && grid.days.flatMap((day) => day.items.map((item) => item.title))).toContain(CHINESE_COURSE);

    const response = await download(student, 'weekly-timetable', '?lang=zh');
    const pdf = await PDFDocument.load(response.rawPayload);
    expect(pdf.getTitle()).toBe('每周课程表');
    // The embedded font is a subset of Noto Sans SC (far smaller than the 10 MB face) whose ToUnicode
    // map holds the course name's characters: the text is in the file, not boxes.
    const fontNames: string[] = [];
    const unicodeMaps: string[] = [];
    for (const [, object] of pdf.context.enumerateIndirectObjects()) {
      if (object instanceof PDFDict && object.get(PDFName.of('Type')) === PDFName.of('Font'))
        fontNames.push(String(object.get(PDFName.of('BaseFont'))));
      if (object instanceof PDFRawStream) {
        const text = Buffer.from(decodePDFRawStream(object).decode()).toString('latin1');
        if (text.includes('beginbfchar') || text.includes('beginbfrange')) unicodeMaps.push(text.toLowerCase());
      }
    }
    expect(fontNames.some((name) => /^\/NotoSansSC-/.test(name))).toBe(true);
    for (const character of CHINESE_COURSE) {
      const hex = character.codePointAt(0)?.toString(16).padStart(4, '0') ?? '';
      expect(
        unicodeMaps.some((map) => map.includes(` <${hex}>`)),
        character,
      ).toBe(true);
    }
    expect(response.rawPayload.byteLength).toBeLessThan(300_000);
  });

  it('prints the PDF on US Letter for a browser in the United States or Canada, A4 elsewhere (docs/decisions/172)', async () => {
    const pageSize = async (acceptLanguage: string) => {
      const response = await t.request({
        method: 'GET',
        url: '/api/premium/templates/exam-checklist/download?lang=en',
        token: student.token,
        headers: { 'accept-language': acceptLanguage },
      });
      expect(response.statusCode).toBe(200);
      const page = (await PDFDocument.load(response.rawPayload)).getPage(0);
      return [page.getWidth(), page.getHeight()];
    };
    expect(await pageSize('en-US,en;q=0.9')).toEqual([612, 792]);
    expect(await pageSize('fr-CA')).toEqual([612, 792]);
    expect(await pageSize('en-GB,en;q=0.9')).toEqual([595.28, 841.89]);
    expect(await pageSize('de-DE,de;q=0.9')).toEqual([595.28, 841.89]);
  });

  it('refuses a student whose trial has ended: 403 premium_required with the message', async () => {
    const response = await download(expired, 'weekly-timetable');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      code: 'premium_required',
      message: 'Premium Access Required - This feature requires premium access or an active trial.',
    });
  });

  it("answers a document that cannot be made with docs/product.md §8's message, never a stack", async () => {
    const broken = await signUp(t);
    // A stored slot the timetable expansion refuses (written past the API's validation).
    await t.db
      .insert(courses)
      .values({ userId: broken.id, name: 'Broken', color: '#123456', timeSlots: [{ day: 1, startTime: '25:00', endTime: '26:00' }] });
    const response = await download(broken, 'weekly-timetable');
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ code: 'internal', message: 'Failed to download file' });
    const preview = await t.request({ method: 'GET', url: '/api/premium/templates/weekly-timetable/preview', token: broken.token });
    expect(preview.statusCode).toBe(500);
    expect(preview.json()).toEqual({ code: 'internal', message: 'Error Loading Content' });
    // The others still work for this student.
    expect((await download(broken, 'task-tracker')).statusCode).toBe(200);
  });

  it('needs a session, and answers 400 for an id that is not a template', async () => {
    expect((await download(null, 'weekly-timetable')).statusCode).toBe(401);
    const unknown = await download(student, 'no-such-template');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('validation_error');
  });
});

describe('GET /api/premium/templates/:id/preview', () => {
  it('answers the document for any signed-in student, an expired trial included, from their own data', async () => {
    const response = await t.request({ method: 'GET', url: '/api/premium/templates/exam-checklist/preview?lang=fr', token: expired.token });
    expect(response.statusCode).toBe(200);
    const document = templateDocumentSchema.parse(response.json());
    expect(document).toMatchObject({ id: 'exam-checklist', format: 'pdf', language: 'fr', title: 'Liste de préparation aux examens' });
    expect(JSON.stringify(document)).not.toContain('Final exam');

    const own = await t.request({ method: 'GET', url: '/api/premium/templates/exam-checklist/preview', token: student.token });
    expect(own.json().sections[0].title).toBe('Final exam');
    expect(JSON.stringify(own.json())).not.toContain('Other exam');
  });

  it('needs a session', async () => {
    expect((await t.request({ method: 'GET', url: '/api/premium/templates/exam-checklist/preview' })).statusCode).toBe(401);
  });

  it("leaves a cancelled lesson (a class group's cancellation) out of the weekly timetable", async () => {
    const user = await signUp(t);
    expect(
      (await t.request({ method: 'PATCH', url: '/api/account/profile', token: user.token, payload: { timeZone: 'UTC' } })).statusCode,
    ).toBe(200);
    const everyDay = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, startTime: '09:00', endTime: '10:30' }));
    const course = await post(user, '/api/courses', { name: 'Daily Latin', color: '#336699', timeSlots: everyDay });
    const lessons = async () => {
      const response = await t.request({
        method: 'GET',
        url: '/api/premium/templates/weekly-timetable/preview?lang=en',
        token: user.token,
      });
      expect(response.statusCode).toBe(200);
      const document = templateDocumentSchema.parse(response.json());
      return document.sections
        .flatMap((section) => section.blocks)
        .flatMap((block) => (block.kind === 'weekGrid' ? block.days.map((day) => day.items.length) : []));
    };
    expect(await lessons()).toEqual([1, 1, 1, 1, 1, 1, 1]);
    // Today's lesson (slot 0 of today's weekday) is cancelled: the course row carries it, as a group's copy does.
    const today = new Date().toISOString().slice(0, 10);
    const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
    await t.db
      .update(courses)
      .set({ cancelledLessons: [{ date: today, slotIndex: weekday }] })
      .where(eq(courses.id, course.id));
    const after = await lessons();
    expect(after[weekday]).toBe(0);
    expect(after.reduce((sum, count) => sum + count, 0)).toBe(6);
  });

  it('dates a task on the student’s own calendar day, west and east of UTC', async () => {
    // 20:00 UTC is 10:00 the same day in Honolulu and 05:00 the next day in Tokyo.
    const due = `${inDays(20)}T20:00:00.000Z`;
    const dayOf = (timeZone: string) => new Intl.DateTimeFormat('en', { timeZone, dateStyle: 'medium' }).format(new Date(due));
    for (const timeZone of ['Pacific/Honolulu', 'Asia/Tokyo']) {
      const user = await signUp(t);
      const profile = await t.request({ method: 'PATCH', url: '/api/account/profile', token: user.token, payload: { timeZone } });
      expect(profile.statusCode).toBe(200);
      await post(user, '/api/tasks', { title: 'Tide chart', dueDate: due, taskType: 'assignment' });
      const response = await t.request({ method: 'GET', url: '/api/premium/templates/task-tracker/preview?lang=en', token: user.token });
      expect(response.statusCode).toBe(200);
      const rows = JSON.stringify(response.json());
      expect(rows, timeZone).toContain('"Tide chart","","Assignment"');
      expect(rows, timeZone).toMatch(new RegExp(`"Tide chart",[^\\]]*"${dayOf(timeZone)}"`));
    }
    expect(dayOf('Pacific/Honolulu')).not.toBe(dayOf('Asia/Tokyo'));
  });
});
