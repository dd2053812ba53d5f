import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PDFNumber } from 'pdf-lib';
import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFRef } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { TEMPLATE_IDS } from '../../../common/schemas/templates.schema';
import { PAPER_SIZES, paperFor } from './paper';
import { renderPdf } from './render-pdf';
import { buildTemplateDocument, TEMPLATE_DEFINITIONS } from './template-catalogue';
import { templateLocale } from './template-locale';
import type { TemplateData } from './template-models';
import { LANGUAGES } from '../../../common/domain/languages';

/**
 * Every template PDF in every language, drawn by a real renderer (poppler's pdftoppm and pdftotext,
 * scripts/test.sh installs them): each character the document draws must leave ink on the rendered page
 * where it is placed, and the text must read back. A glyph the embedded font lost (issue 34: "Term
 * calendar" drawn as "rm c r") is a character without ink.
 */

const COURSE_NAMES = [
  'Écologie générale',
  'Straße & Übungen',
  'Análisis matemático II',
  '线性代数',
  '日本史概説（前期）',
  'Organic Chemistry',
];
const data: TemplateData = {
  userName: 'kenji1',
  timeZone: 'Asia/Tokyo',
  today: '2026-11-24',
  courses: COURSE_NAMES.map((name, index) => ({
    id: `c${index}`,
    name,
    room: `B${index}`,
    instructor: `Prof. Müller ${index}`,
    credits: 5,
    termId: 't1',
    startDate: null,
    endDate: null,
    color: ['#3366cc', '#cc3366', '#33aa66'][index % 3] ?? '#888888',
    timeSlots: [
      { day: 1 + (index % 5), startTime: `${String(8 + index).padStart(2, '0')}:00`, endTime: `${String(9 + index).padStart(2, '0')}:30` },
    ],
    cancelledLessons: [],
  })),
  terms: [{ id: 't1', name: 'Wintersemester 2026/27', startDate: '2026-10-01', endDate: '2027-02-15', rotation: { kind: 'weekly' } }],
  holidays: [{ name: 'Vacances de Noël', startDate: '2026-12-21', endDate: '2027-01-03' }],
  tasks: COURSE_NAMES.map((name, index) => ({
    id: `x${index}`,
    title: `Übung ${index}: ${name}`,
    dueDate: `2026-12-${String(1 + index * 3).padStart(2, '0')}`,
    courseId: `c${index}`,
    taskType: 'assignment',
    priority: 'high',
    completed: false,
  })),
  assessments: COURSE_NAMES.map((name, index) => ({
    id: `a${index}`,
    name: `Examen ${index}`,
    type: 'exam',
    date: `2026-12-${String(2 + index * 3).padStart(2, '0')}`,
    courseId: `c${index}`,
    weight: 30,
  })),
};

const DPI = 150;
const scratch = mkdtempSync(join(tmpdir(), 'pdf-glyphs-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A grey PGM (P5) image: width, height and one byte per pixel. */
function readPgm(path: string): { width: number; height: number; pixels: Uint8Array } {
  const bytes = readFileSync(path);
  const header = bytes.subarray(0, 64).toString('latin1');
  const match = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(header);
  if (!match) throw new Error(`not a PGM: ${path}`);
  return { width: Number(match[1]), height: Number(match[2]), pixels: bytes.subarray(match[0].length) };
}

/** A ToUnicode CMap's glyph → text (pdf-lib writes bfchar entries). */
function toUnicode(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const [, glyph = '', text = ''] of cmap.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) {
    const units = (text.match(/.{4}/g) ?? []).map((unit) => Number.parseInt(unit, 16));
    if (glyph.length === 4) map.set(Number.parseInt(glyph, 16), String.fromCharCode(...units));
  }
  return map;
}

/** A CIDFont's /W array as glyph → advance (in thousandths of the size). */
function widths(array: PDFArray): Map<number, number> {
  const map = new Map<number, number>();
  const items = array.asArray();
  for (let index = 0; index + 1 < items.length; index += 2) {
    const first = (items[index] as PDFNumber).asNumber();
    const list = items[index + 1];
    if (list instanceof PDFArray) list.asArray().forEach((width, offset) => map.set(first + offset, (width as PDFNumber).asNumber()));
  }
  return map;
}

type Glyph = { id: number; char: string; page: number; x: number; y: number; width: number; size: number };

/** Every glyph the content streams draw, with its character and its box in PDF points. */
async function drawnGlyphs(bytes: Uint8Array): Promise<{ glyphs: Glyph[]; pageHeights: number[]; pageWidths: number[] }> {
  const pdf = await PDFDocument.load(bytes);
  const resolve = (value: unknown) => (value instanceof PDFRef ? pdf.context.lookup(value) : value);
  const dict = (value: unknown) => {
    const found = resolve(value);
    if (!(found instanceof PDFDict)) throw new Error('expected a dictionary');
    return found;
  };
  const array = (value: unknown) => {
    const found = resolve(value);
    if (!(found instanceof PDFArray)) throw new Error('expected an array');
    return found;
  };
  const stream = (value: unknown) => {
    const found = resolve(value);
    if (!(found instanceof PDFRawStream)) throw new Error('expected a stream');
    return found;
  };
  const fonts = new Map<PDFDict, { chars: Map<number, string>; widths: Map<number, number> }>();
  const glyphs: Glyph[] = [];
  const pageHeights: number[] = [];
  const pageWidths: number[] = [];
  pdf.getPages().forEach((page, pageIndex) => {
    pageHeights.push(page.getHeight());
    pageWidths.push(page.getWidth());
    const resources = dict(page.node.get(PDFName.of('Resources')));
    const fontDicts = dict(resources.get(PDFName.of('Font')));
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => pdf.context.lookup(ref)) : [contents];
    const text = streams
      .map((stream) => (stream instanceof PDFRawStream ? Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1') : ''))
      .join('\n');
    for (const block of text.matchAll(/\/(\S+) ([\d.]+) Tf[\s\S]*?1 0 0 1 (-?[\d.]+) (-?[\d.]+) Tm\s*<([0-9A-Fa-f]*)> Tj/g)) {
      const [, name = '', size = '0', x = '0', y = '0', hex = ''] = block;
      const fontDict = dict(fontDicts.get(PDFName.of(name)));
      let font = fonts.get(fontDict);
      if (!font) {
        const cid = dict(array(fontDict.get(PDFName.of('DescendantFonts'))).get(0));
        const cmap = stream(fontDict.get(PDFName.of('ToUnicode')));
        font = {
          chars: toUnicode(Buffer.from(decodePDFRawStream(cmap).decode()).toString('latin1')),
          widths: widths(array(cid.get(PDFName.of('W')))),
        };
        fonts.set(fontDict, font);
      }
      let left = Number(x);
      for (const code of hex.match(/.{4}/g) ?? []) {
        const glyph = Number.parseInt(code, 16);
        const width = ((font.widths.get(glyph) ?? 1000) / 1000) * Number(size);
        glyphs.push({
          id: glyph,
          char: font.chars.get(glyph) ?? '\uFFFD',
          page: pageIndex,
          x: left,
          y: Number(y),
          width,
          size: Number(size),
        });
        left += width;
      }
    }
  });
  return { glyphs, pageHeights, pageWidths };
}

/** The darkest pixel inside a glyph's box (its middle 70 % across, from the descender to the ascender). */
function darkest(image: { width: number; height: number; pixels: Uint8Array }, glyph: Glyph, pageHeight: number): number {
  const scale = DPI / 72;
  const x0 = Math.floor((glyph.x + glyph.width * 0.15) * scale);
  const x1 = Math.ceil((glyph.x + glyph.width * 0.85) * scale);
  const y0 = Math.floor((pageHeight - glyph.y - glyph.size * 0.85) * scale);
  const y1 = Math.ceil((pageHeight - glyph.y + glyph.size * 0.25) * scale);
  let min = 255;
  for (let row = Math.max(0, y0); row < Math.min(image.height, y1); row++)
    for (let column = Math.max(0, x0); column < Math.min(image.width, x1); column++)
      min = Math.min(min, image.pixels[row * image.width + column] ?? 255);
  return min;
}

const pdfTemplates = TEMPLATE_IDS.filter((id) => TEMPLATE_DEFINITIONS[id].format === 'pdf');

describe('template PDFs drawn by poppler', () => {
  // On both papers: US Letter is 50 pt shorter than A4 upright and 50 pt narrower on its side (paper.ts).
  const papers = ['a4', 'letter'] as const;
  it.each(pdfTemplates.flatMap((id) => LANGUAGES.flatMap((language) => papers.map((paper) => [id, language, paper] as const))))(
    '%s (%s, %s): every character drawn is on the page, leaves ink where it is placed and reads back',
    async (id, language, paper) => {
      const document = buildTemplateDocument(id, data, templateLocale(language));
      const bytes = await renderPdf(document, { paper });
      const file = join(scratch, `${id}-${language}-${paper}.pdf`);
      writeFileSync(file, bytes);
      const { glyphs, pageHeights, pageWidths } = await drawnGlyphs(bytes);
      const sheet = PAPER_SIZES[paper];
      expect(pageWidths[0]).toBe(document.landscape ? sheet.height : sheet.width);
      // Inside the page: nothing cut off at an edge of the smaller sheet.
      const outside = glyphs.filter(
        (glyph) =>
          glyph.x < 0 ||
          glyph.y < 0 ||
          glyph.x + glyph.width > (pageWidths[glyph.page] ?? 0) ||
          glyph.y + glyph.size > (pageHeights[glyph.page] ?? 0),
      );
      expect(outside.map((glyph) => glyph.char).join(''), 'characters drawn off the page').toBe('');
      expect(glyphs.length).toBeGreaterThan(20);
      // Every glyph maps back to a character; none is a font's missing-glyph box (glyph 0, .notdef).
      expect(glyphs.filter((glyph) => glyph.char === '\uFFFD').map((glyph) => glyph.id)).toEqual([]);
      expect(glyphs.filter((glyph) => glyph.id === 0).map((glyph) => `U+${glyph.char.codePointAt(0)?.toString(16)}`)).toEqual([]);

      execFileSync('pdftoppm', ['-r', String(DPI), '-gray', file, join(scratch, `${id}-${language}-${paper}`)]);
      const images = readdirSync(scratch)
        .filter((name) => name.startsWith(`${id}-${language}-${paper}-`) && name.endsWith('.pgm'))
        .sort((a, b) => Number(/-(\d+)\.pgm$/.exec(a)?.[1]) - Number(/-(\d+)\.pgm$/.exec(b)?.[1]))
        .map((name) => readPgm(join(scratch, name)));
      expect(images).toHaveLength(pageHeights.length);
      const blank = glyphs
        .filter((glyph) => glyph.char.trim() !== '')
        .filter((glyph) => {
          const image = images[glyph.page];
          return !image || darkest(image, glyph, pageHeights[glyph.page] ?? 0) > 160;
        })
        .map((glyph) => glyph.char);
      expect(blank.join(''), 'characters drawn without ink').toBe('');

      // The text layer reads back the user's name and course names (poppler's own text extraction).
      const extracted = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
      expect(extracted).toContain('kenji1');
      const drawn = glyphs.map((glyph) => glyph.char).join('');
      for (const name of COURSE_NAMES.filter((course) => drawn.includes(course.slice(0, 3))))
        expect(extracted.replace(/\s+/g, ' '), name).toContain(name.slice(0, 3));
    },
  );

  it('sets Japanese in Noto Sans JP, Chinese in Noto Sans SC, Latin text in Noto Sans JP with Chinese names in SC', async () => {
    const fontsOf = async (language: 'ja' | 'zh' | 'fr', courses: TemplateData['courses']) => {
      const file = join(scratch, `fonts-${language}-${courses.length}.pdf`);
      writeFileSync(file, await renderPdf(buildTemplateDocument('cornell-notes', { ...data, courses }, templateLocale(language))));
      return [...execFileSync('pdffonts', [file], { encoding: 'utf8' }).matchAll(/NotoSans(JP|SC)-(Regular|Bold)/g)]
        .map((match) => match[0])
        .sort();
    };
    const latin = data.courses.filter((course) => /^[\p{Script=Latin}\s&.]+$/u.test(course.name));
    expect(await fontsOf('ja', latin)).toEqual(['NotoSansJP-Bold', 'NotoSansJP-Regular']);
    expect(await fontsOf('zh', latin)).toEqual(['NotoSansSC-Bold', 'NotoSansSC-Regular']);
    expect(await fontsOf('fr', latin)).toEqual(['NotoSansJP-Bold', 'NotoSansJP-Regular']);
    // A simplified Chinese course name in a French document: its characters from the Chinese face.
    expect(await fontsOf('fr', data.courses)).toEqual(['NotoSansJP-Bold', 'NotoSansJP-Regular', 'NotoSansSC-Bold', 'NotoSansSC-Regular']);
  });

  it('prints on US Letter for the United States and Canada, A4 elsewhere', async () => {
    const sizeOf = async (paper: 'a4' | 'letter', landscape = false) => {
      const file = join(scratch, `paper-${paper}-${landscape}.pdf`);
      const id = landscape ? 'weekly-timetable' : 'exam-checklist';
      writeFileSync(file, await renderPdf(buildTemplateDocument(id, data, templateLocale('en')), { paper }));
      return /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.slice(1, 3);
    };
    expect(await sizeOf('letter')).toEqual(['612', '792']);
    expect(await sizeOf('a4')).toEqual(['595.28', '841.89']);
    expect(await sizeOf('letter', true)).toEqual(['792', '612']);
    expect(paperFor('en-US,en;q=0.9', 'Europe/Berlin')).toBe('letter');
    expect(paperFor('fr-CA', 'UTC')).toBe('letter');
    expect(paperFor('en-GB,en;q=0.9', 'America/New_York')).toBe('a4');
    expect(paperFor('de-DE', 'Europe/Berlin')).toBe('a4');
    expect(paperFor('ja', 'Asia/Tokyo')).toBe('a4');
    expect(paperFor('en', 'Pacific/Honolulu')).toBe('letter');
    expect(paperFor(undefined, 'America/Toronto')).toBe('letter');
    expect(paperFor(undefined, 'Asia/Kolkata')).toBe('a4');
    expect(paperFor('not a tag', 'Europe/Paris')).toBe('a4');
  });
});
