import type Fontkit from '@pdf-lib/fontkit';
import type { PDFDocument, PDFFont, PDFPage, RGB } from 'pdf-lib';
import type { TemplateBlock, TemplateDocument } from '../../../common/schemas/templates.schema';
import { familiesFor, familyOf, loadFace, plannedFamily, type FamilyName, type FamilyPlan } from './pdf-fonts';
import { PAPER_SIZES, type Paper } from './paper';

/**
 * Draws a TemplateDocument as a PDF with pdf-lib, on A4 or US Letter (docs/decisions/172). Text is set
 * in the language's Noto Sans face (Japanese in Noto Sans JP, the rest in Noto Sans SC: CJK and Latin in
 * one face), a character it lacks in the other one; each embedded as a subset of the glyphs used, so any
 * user text can be written.
 */

/** pdf-lib's `rgb` without loading pdf-lib, which renderPdf imports on the first document. */
const rgb = (red: number, green: number, blue: number): RGB => ({ type: 'RGB', red, green, blue }) as RGB;

const MARGIN = 40;
const INK = rgb(0.13, 0.15, 0.2);
const MUTED = rgb(0.38, 0.42, 0.48);
const RULE = rgb(0.78, 0.8, 0.84);
const HEADER_FILL = rgb(0.92, 0.94, 0.97);
const SHADE = rgb(0.9, 0.9, 0.9);
const ACCENT = rgb(0.23, 0.36, 0.85);

function parseColor(hex: string): RGB {
  const match = /^#?([0-9a-f]{6})$/i.exec(hex);
  const value = match ? Number.parseInt(match[1] ?? '888888', 16) : 0x888888;
  return rgb(((value >> 16) & 255) / 255, ((value >> 8) & 255) / 255, (value & 255) / 255);
}
/** A light tint of a course colour, so black text on it stays readable. */
function tint(color: RGB, amount = 0.75): RGB {
  return rgb(color.red + (1 - color.red) * amount, color.green + (1 - color.green) * amount, color.blue + (1 - color.blue) * amount);
}

// CJK characters break anywhere; other text breaks at spaces.
const TOKENS = /[\u2E80-\u9FFF\uAC00-\uD7AF\uF900-\uFAFF\uFF00-\uFFEF]|[^\s\u2E80-\u9FFF\uAC00-\uD7AF\uF900-\uFAFF\uFF00-\uFFEF]+|[ \t]+/g;

/** What wrapText needs of a face: its width of a text. */
type Measurer = Pick<PDFFont, 'widthOfTextAtSize'>;
const measured = new WeakMap<Measurer, Map<string, number>>();

/**
 * `text` broken into lines no wider than `width` (newlines kept; a word too long is cut by characters).
 * Widths are summed token by token (kerning between tokens ignored), so a line costs one measure per token.
 */
export function wrapText(text: string, font: Measurer, size: number, width: number): string[] {
  let widths = measured.get(font);
  if (!widths) {
    widths = new Map();
    measured.set(font, widths);
  }
  const known = widths;
  // Measuring runs the font's shaping: words repeat a lot in a document, so each is measured once.
  const measure = (value: string) => {
    const key = `${size}|${value}`;
    let found = known.get(key);
    if (found === undefined) {
      found = font.widthOfTextAtSize(value, size);
      known.set(key, found);
    }
    return found;
  };
  const result: string[] = [];
  for (const paragraph of text.replace(/\t/g, ' ').split('\n')) {
    let line = '';
    let lineWidth = 0;
    for (const token of paragraph.match(TOKENS) ?? []) {
      const tokenWidth = measure(token);
      if (lineWidth + tokenWidth <= width) {
        line += token;
        lineWidth += tokenWidth;
        continue;
      }
      if (line.trim() !== '') result.push(line.trimEnd());
      line = token.trimStart();
      lineWidth = line === token ? tokenWidth : measure(line);
      while (line !== '' && lineWidth > width) {
        let cut = line.length - 1;
        while (cut > 1 && measure(line.slice(0, cut)) > width) cut--;
        result.push(line.slice(0, cut));
        line = line.slice(cut);
        lineWidth = measure(line);
      }
    }
    result.push(line.trimEnd());
  }
  return result;
}

/**
 * One weight of the document's type: a font per face used, and the face each character is drawn in
 * (docs/decisions/172). A space character neither face has (the thin and narrow no-break spaces that
 * Intl writes in "Jan 1 – 11" and "12 345") is drawn as a space, never as the missing-glyph box.
 */
export class TextFace {
  constructor(
    private readonly fonts: Partial<Record<FamilyName, PDFFont>>,
    private readonly families: ReadonlyMap<string, FamilyName | null>,
    private readonly plan: FamilyPlan,
  ) {}

  private fontOf(family: FamilyName | null | undefined): PDFFont {
    const font = (family && this.fonts[family]) ?? this.fonts[this.plan.text] ?? Object.values(this.fonts)[0];
    if (!font) throw new Error('no font embedded');
    return font;
  }

  /** `text` cut into runs of one font each. */
  runs(text: string): { text: string; font: PDFFont }[] {
    const result: { text: string; font: PDFFont }[] = [];
    for (const original of text) {
      const family = this.families.get(original);
      const char = family === null && /\s/u.test(original) ? ' ' : original;
      const font = this.fontOf(family);
      const last = result[result.length - 1];
      if (last && last.font === font) last.text += char;
      else result.push({ text: char, font });
    }
    return result;
  }

  widthOfTextAtSize(text: string, size: number): number {
    return this.runs(text).reduce((sum, run) => sum + run.font.widthOfTextAtSize(run.text, size), 0);
  }
}

type Fonts = { regular: TextFace; bold: TextFace };

class Layout {
  page!: PDFPage;
  y = 0;
  readonly width: number;
  readonly height: number;

  constructor(
    readonly pdf: PDFDocument,
    readonly fonts: Fonts,
    landscape: boolean,
    paper: Paper,
  ) {
    const size = PAPER_SIZES[paper];
    this.width = landscape ? size.height : size.width;
    this.height = landscape ? size.width : size.height;
  }

  get contentWidth(): number {
    return this.width - 2 * MARGIN;
  }
  get bottom(): number {
    return MARGIN;
  }

  newPage(): void {
    this.page = this.pdf.addPage([this.width, this.height]);
    this.y = this.height - MARGIN;
  }

  /** Starts a new page unless `height` still fits. */
  ensure(height: number): void {
    if (this.y - height < this.bottom) this.newPage();
  }

  text(value: string, x: number, y: number, size: number, options: { bold?: boolean; color?: RGB } = {}): void {
    if (value === '') return;
    const runs = (options.bold ? this.fonts.bold : this.fonts.regular).runs(value);
    let left = x;
    runs.forEach((run, index) => {
      this.page.drawText(run.text, { x: left, y, size, font: run.font, color: options.color ?? INK });
      // Only a run that another follows needs its width (measuring shapes the text again).
      if (index < runs.length - 1) left += run.font.widthOfTextAtSize(run.text, size);
    });
  }

  /** Wrapped text from the cursor; returns nothing, moves the cursor down. */
  flow(value: string, size: number, options: { bold?: boolean; color?: RGB; indent?: number } = {}): void {
    const indent = options.indent ?? 0;
    const font = options.bold ? this.fonts.bold : this.fonts.regular;
    for (const line of wrapText(value, font, size, this.contentWidth - indent)) {
      this.ensure(size * 1.4);
      this.y -= size * 1.4;
      this.text(line, MARGIN + indent, this.y + size * 0.3, size, options);
    }
  }

  line(x1: number, y1: number, x2: number, y2: number, color = RULE, thickness = 0.6): void {
    this.page.drawLine({ start: { x: x1, y: y1 }, end: { x: x2, y: y2 }, thickness, color });
  }
}

const TABLE_SIZE = 9;
const LINE = TABLE_SIZE * 1.35;
const PAD = 4;

function drawTable(layout: Layout, block: Extract<TemplateBlock, { kind: 'table' }>): void {
  const total = block.widths.reduce((sum, width) => sum + width, 0) || 1;
  const widths = block.widths.map((width) => (width / total) * layout.contentWidth);
  const xs = widths.map((_, index) => MARGIN + widths.slice(0, index).reduce((sum, width) => sum + width, 0));
  const row = (cells: string[], header: boolean, minHeight = 0) => {
    const font = header ? layout.fonts.bold : layout.fonts.regular;
    const wrapped = cells.map((cell, index) => wrapText(cell, font, TABLE_SIZE, (widths[index] ?? 0) - 2 * PAD));
    const height = Math.max(minHeight, Math.max(1, ...wrapped.map((lines) => lines.length)) * LINE + 2 * PAD);
    const fresh = layout.y - height < layout.bottom;
    layout.ensure(height);
    if (fresh && !header) row(block.columns, true);
    const top = layout.y;
    if (header) layout.page.drawRectangle({ x: MARGIN, y: top - height, width: layout.contentWidth, height, color: HEADER_FILL });
    wrapped.forEach((lines, index) => {
      lines.forEach((text, lineIndex) =>
        layout.text(text, (xs[index] ?? MARGIN) + PAD, top - PAD - (lineIndex + 1) * LINE + 3, TABLE_SIZE, { bold: header }),
      );
    });
    layout.page.drawRectangle({ x: MARGIN, y: top - height, width: layout.contentWidth, height, borderColor: RULE, borderWidth: 0.6 });
    for (const x of xs.slice(1)) layout.line(x, top, x, top - height);
    layout.y -= height;
  };
  layout.ensure(LINE * 3);
  row(block.columns, true);
  for (const cells of block.rows) row(cells, false);
  for (let index = 0; index < block.blankRows; index++)
    row(
      block.columns.map(() => ''),
      false,
      20,
    );
  layout.y -= 8;
}

function drawWeekGrid(layout: Layout, block: Extract<TemplateBlock, { kind: 'weekGrid' }>): void {
  const timeColumn = 48;
  const headerHeight = 18;
  const available = layout.y - layout.bottom - headerHeight - 10;
  const span = Math.max(60, block.endMinute - block.startMinute);
  const perMinute = Math.max(0.2, available / span);
  const dayWidth = (layout.contentWidth - timeColumn) / Math.max(1, block.days.length);
  const top = layout.y;
  const gridTop = top - headerHeight;
  const gridBottom = gridTop - span * perMinute;
  layout.page.drawRectangle({ x: MARGIN, y: gridTop, width: layout.contentWidth, height: headerHeight, color: HEADER_FILL });
  block.days.forEach((day, index) => {
    const x = MARGIN + timeColumn + index * dayWidth;
    const label = wrapText(day.label, layout.fonts.bold, 9, dayWidth - 2 * PAD)[0] ?? '';
    layout.text(label, x + PAD, gridTop + 5, 9, { bold: true });
  });
  for (const hour of block.hours) {
    const y = gridTop - (hour.minute - block.startMinute) * perMinute;
    layout.line(MARGIN, y, MARGIN + layout.contentWidth, y);
    if (hour.minute < block.endMinute) layout.text(hour.label, MARGIN + 2, y - 10, 7.5, { color: MUTED });
  }
  for (let index = 0; index <= block.days.length; index++) {
    const x = MARGIN + timeColumn + index * dayWidth;
    layout.line(x, top, x, gridBottom);
  }
  layout.page.drawRectangle({
    x: MARGIN,
    y: gridBottom,
    width: layout.contentWidth,
    height: top - gridBottom,
    borderColor: RULE,
    borderWidth: 0.8,
  });
  block.days.forEach((day, index) => {
    const x = MARGIN + timeColumn + index * dayWidth + 1.5;
    for (const item of day.items) {
      const yTop = gridTop - (item.startMinute - block.startMinute) * perMinute;
      const height = Math.max(10, (item.endMinute - item.startMinute) * perMinute);
      const color = parseColor(item.color);
      layout.page.drawRectangle({
        x,
        y: yTop - height,
        width: dayWidth - 3,
        height,
        color: tint(color),
        borderColor: color,
        borderWidth: 0.8,
      });
      const lines = [
        ...wrapText(item.title, layout.fonts.bold, 8, dayWidth - 8).map((text) => ({ text, bold: true })),
        ...wrapText(item.time, layout.fonts.regular, 7, dayWidth - 8).map((text) => ({ text, bold: false })),
        ...(item.detail ? wrapText(item.detail, layout.fonts.regular, 7, dayWidth - 8).map((text) => ({ text, bold: false })) : []),
      ];
      const fit = Math.max(1, Math.floor((height - 3) / 9));
      lines
        .slice(0, fit)
        .forEach((line, lineIndex) => layout.text(line.text, x + 3, yTop - 9 - lineIndex * 9, line.bold ? 8 : 7, { bold: line.bold }));
    }
  });
  layout.y = gridBottom - 10;
}

function drawMonthGrid(layout: Layout, block: Extract<TemplateBlock, { kind: 'monthGrid' }>): void {
  const headerHeight = 18;
  const cellWidth = layout.contentWidth / 7;
  const available = layout.y - layout.bottom - headerHeight - 40;
  const cellHeight = Math.min(90, available / Math.max(1, block.weeks.length));
  let top = layout.y;
  layout.page.drawRectangle({ x: MARGIN, y: top - headerHeight, width: layout.contentWidth, height: headerHeight, color: HEADER_FILL });
  block.weekdays.forEach((label, index) => layout.text(label, MARGIN + index * cellWidth + PAD, top - 13, 9, { bold: true }));
  top -= headerHeight;
  for (const week of block.weeks) {
    week.forEach((cell, index) => {
      const x = MARGIN + index * cellWidth;
      layout.page.drawRectangle({
        x,
        y: top - cellHeight,
        width: cellWidth,
        height: cellHeight,
        borderColor: RULE,
        borderWidth: 0.6,
        ...(cell?.shaded ? { color: SHADE } : {}),
      });
      if (!cell) return;
      layout.text(String(cell.day), x + PAD, top - 12, 9, { bold: true });
      if (cell.marks.length > 0) layout.text(cell.marks.join(' '), x + PAD, top - 26, 9, { color: ACCENT });
    });
    top -= cellHeight;
  }
  layout.y = top - 10;
}

function drawCornell(layout: Layout, block: Extract<TemplateBlock, { kind: 'cornell' }>): void {
  const top = layout.y;
  const height = top - layout.bottom;
  const summaryHeight = height * 0.22;
  const cueWidth = layout.contentWidth * 0.3;
  const split = layout.bottom + summaryHeight;
  layout.page.drawRectangle({ x: MARGIN, y: layout.bottom, width: layout.contentWidth, height, borderColor: INK, borderWidth: 0.8 });
  layout.line(MARGIN, split, MARGIN + layout.contentWidth, split, INK, 0.8);
  layout.line(MARGIN + cueWidth, top, MARGIN + cueWidth, split, INK, 0.8);
  layout.text(block.cue, MARGIN + PAD, top - 14, 10, { bold: true, color: MUTED });
  layout.text(block.notes, MARGIN + cueWidth + PAD, top - 14, 10, { bold: true, color: MUTED });
  layout.text(block.summary, MARGIN + PAD, split - 14, 10, { bold: true, color: MUTED });
  for (let y = top - 40; y > split + 8; y -= 22) layout.line(MARGIN + cueWidth + 8, y, MARGIN + layout.contentWidth - 8, y);
  for (let y = split - 40; y > layout.bottom + 8; y -= 22) layout.line(MARGIN + 8, y, MARGIN + layout.contentWidth - 8, y);
  layout.y = layout.bottom;
}

function drawGantt(layout: Layout, block: Extract<TemplateBlock, { kind: 'gantt' }>): void {
  const labelWidth = layout.contentWidth * 0.28;
  const columnWidth = (layout.contentWidth - labelWidth) / Math.max(1, block.columns.length);
  const rowHeight = 20;
  const header = () => {
    layout.ensure(rowHeight * 2);
    layout.page.drawRectangle({ x: MARGIN, y: layout.y - rowHeight, width: layout.contentWidth, height: rowHeight, color: HEADER_FILL });
    layout.text(block.taskLabel, MARGIN + PAD, layout.y - 13, 8, { bold: true });
    block.columns.forEach((label, index) =>
      layout.text(
        wrapText(label, layout.fonts.regular, 6.5, columnWidth - 2)[0] ?? '',
        MARGIN + labelWidth + index * columnWidth + 1,
        layout.y - 13,
        6.5,
      ),
    );
    layout.y -= rowHeight;
  };
  header();
  for (const bar of block.bars) {
    if (layout.y - rowHeight < layout.bottom) {
      layout.newPage();
      header();
    }
    const label = wrapText(bar.detail ? `${bar.label} · ${bar.detail}` : bar.label, layout.fonts.regular, 8, labelWidth - 2 * PAD)[0] ?? '';
    layout.text(label, MARGIN + PAD, layout.y - 13, 8);
    const x = MARGIN + labelWidth + bar.start * columnWidth;
    layout.page.drawRectangle({
      x: x + 1,
      y: layout.y - rowHeight + 5,
      width: (bar.end - bar.start + 1) * columnWidth - 2,
      height: rowHeight - 10,
      color: ACCENT,
    });
    layout.line(MARGIN, layout.y - rowHeight, MARGIN + layout.contentWidth, layout.y - rowHeight);
    layout.y -= rowHeight;
  }
  layout.y -= 10;
}

function drawBlock(layout: Layout, block: TemplateBlock): void {
  switch (block.kind) {
    case 'heading':
      layout.ensure(40);
      layout.y -= 6;
      layout.flow(block.text, 12, { bold: true });
      layout.y -= 2;
      return;
    case 'paragraph':
      layout.flow(block.text, 10, block.muted ? { color: MUTED } : {});
      layout.y -= 6;
      return;
    case 'fields':
      for (const field of block.fields) {
        layout.ensure(22);
        layout.y -= 20;
        const label = `${field.label}:`;
        layout.text(label, MARGIN, layout.y, 10, { bold: true });
        const start = MARGIN + layout.fonts.bold.widthOfTextAtSize(label, 10) + 6;
        layout.text(
          wrapText(field.value, layout.fonts.regular, 10, MARGIN + layout.contentWidth - start)[0] ?? '',
          start,
          layout.y + 1,
          10,
        );
        layout.line(start, layout.y - 3, MARGIN + layout.contentWidth, layout.y - 3);
      }
      layout.y -= 10;
      return;
    case 'table':
      drawTable(layout, block);
      return;
    case 'checklist':
      for (const item of block.items) {
        const lines = wrapText(item.text, layout.fonts.regular, 10, layout.contentWidth - 20);
        layout.ensure(lines.length * 14 + 6);
        layout.y -= 16;
        layout.page.drawRectangle({ x: MARGIN, y: layout.y - 1, width: 9, height: 9, borderColor: INK, borderWidth: 0.8 });
        if (item.text === '') layout.line(MARGIN + 18, layout.y - 2, MARGIN + layout.contentWidth, layout.y - 2);
        lines.forEach((line, index) => layout.text(line, MARGIN + 18, layout.y - index * 14, 10));
        layout.y -= (lines.length - 1) * 14;
      }
      layout.y -= 10;
      return;
    case 'lines':
      layout.ensure(40);
      layout.y -= 4;
      layout.flow(block.label, 11, { bold: true });
      for (let index = 0; index < block.count; index++) {
        layout.ensure(22);
        layout.y -= 22;
        layout.line(MARGIN, layout.y, MARGIN + layout.contentWidth, layout.y);
      }
      layout.y -= 10;
      return;
    case 'weekGrid':
      if (layout.y - layout.bottom < 300) layout.newPage();
      drawWeekGrid(layout, block);
      return;
    case 'monthGrid':
      if (layout.y - layout.bottom < 300) layout.newPage();
      drawMonthGrid(layout, block);
      return;
    case 'cornell':
      if (layout.y - layout.bottom < 400) layout.newPage();
      drawCornell(layout, block);
      return;
    case 'gantt':
      drawGantt(layout, block);
      return;
  }
}

/**
 * fontkit with its parsed faces kept: pdf-lib parses the font file on every embedding (a third of a
 * document's time for a 10 MB face); a parsed face is only read afterwards (each document makes its
 * own subset), so one per file serves every document.
 */
type Face = ReturnType<typeof Fontkit.create>;
const parsedFaces = new WeakMap<Uint8Array, Face>();
function cachingFontkit(fontkit: typeof Fontkit): typeof Fontkit {
  return {
    ...fontkit,
    create: (data, postscriptName) => {
      if (postscriptName !== undefined) return fontkit.create(data, postscriptName);
      let face = parsedFaces.get(data);
      if (!face) {
        face = fontkit.create(data);
        parsedFaces.set(data, face);
      }
      return face;
    },
  };
}

/**
 * pdf-lib and fontkit, imported on the first document rather than at module load (every server start
 * and API test file would otherwise pay for them), as the fonts are read on the first document.
 */
let libraries: Promise<{ PDFDocument: typeof PDFDocument; fontkit: typeof Fontkit }> | undefined;
function loadLibraries() {
  libraries ??= Promise.all([import('pdf-lib'), import('@pdf-lib/fontkit')]).then(([pdfLib, fontkit]) => ({
    PDFDocument: pdfLib.PDFDocument,
    fontkit: cachingFontkit(fontkit.default),
  }));
  return libraries;
}

/** Every text of a document, for the characters it draws. */
function documentText(document: TemplateDocument): string {
  const texts: string[] = [];
  const walk = (value: unknown) => {
    if (typeof value === 'string') texts.push(value);
    else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  walk(document);
  return texts.join('');
}

export type RenderPdfOptions = { paper?: Paper };

export async function renderPdf(document: TemplateDocument, options: RenderPdfOptions = {}): Promise<Uint8Array> {
  const plan = familiesFor(document.language);
  const { PDFDocument, fontkit } = await loadLibraries();
  // The faces a character may need, read (and parsed, once per process) only when it does.
  const faces: Partial<Record<FamilyName, { regular: Uint8Array; bold: Uint8Array; face: Face }>> = {};
  const load = async (family: FamilyName) => {
    const [regular, bold] = await Promise.all([loadFace(family, 'regular'), loadFace(family, 'bold')]);
    faces[family] = { regular, bold, face: fontkit.create(regular) };
  };
  const chars = [...new Set(documentText(document))];
  for (const family of new Set([plan.text, ...chars.map((char) => plannedFamily(char, plan))])) await load(family);
  const other: FamilyName = plan.text === 'jp' ? 'sc' : 'jp';
  if (!faces[other] && chars.some((char) => !faces[plannedFamily(char, plan)]?.face.hasGlyphForCodePoint(char.codePointAt(0) ?? 0)))
    await load(other);
  const has = (family: FamilyName, code: number) => faces[family]?.face.hasGlyphForCodePoint(code) ?? false;
  const families = new Map([...chars].map((char) => [char, familyOf(char, plan, has)] as const));
  const used = new Set<FamilyName>([plan.text, ...[...families.values()].filter((family) => family !== null)]);
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  const regular: Partial<Record<FamilyName, PDFFont>> = {};
  const bold: Partial<Record<FamilyName, PDFFont>> = {};
  for (const family of used) {
    const bytes = faces[family];
    if (!bytes) continue;
    regular[family] = await pdf.embedFont(bytes.regular, { subset: true });
    bold[family] = await pdf.embedFont(bytes.bold, { subset: true });
  }
  const fonts: Fonts = { regular: new TextFace(regular, families, plan), bold: new TextFace(bold, families, plan) };
  pdf.setTitle(document.title);
  pdf.setCreator('StudyPilot');
  pdf.setProducer('StudyPilot');
  pdf.setLanguage(document.language);
  const layout = new Layout(pdf, fonts, document.landscape, options.paper ?? 'a4');
  layout.newPage();
  layout.flow(document.title, 18, { bold: true });
  layout.flow(document.subtitle, 9, { color: MUTED });
  layout.y -= 8;
  document.sections.forEach((section, index) => {
    if (index > 0) layout.newPage();
    if (section.title !== document.title) {
      layout.flow(section.title, 14, { bold: true });
      layout.y -= 4;
    }
    for (const block of section.blocks) drawBlock(layout, block);
  });
  return pdf.save();
}
