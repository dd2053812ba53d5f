import type * as Docx from 'docx';
import type { FileChild } from 'docx';
import type { TemplateBlock, TemplateDocument } from '../../../common/schemas/templates.schema';

/** Draws a TemplateDocument as an editable Word document with docx: one part per section, each after a page break. */

/**
 * The docx library, imported on the first document rather than at module load (every server start and
 * API test file would otherwise pay for it); renderDocx sets it before anything below runs.
 */
let docx: typeof Docx;

const headerShade = () => ({ type: docx.ShadingType.CLEAR, color: 'auto', fill: 'E8EDF6' }) as const;
const rule = () => ({ style: docx.BorderStyle.SINGLE, size: 4, color: 'C8CCD4', space: 1 }) as const;
/** Latin and East Asian faces, so Chinese and Japanese text has a font on any system. */
const FONT = { ascii: 'Calibri', hAnsi: 'Calibri', eastAsia: 'Microsoft YaHei' };

const textParagraph = (text: string, options: { bold?: boolean; muted?: boolean } = {}) =>
  new docx.Paragraph({
    children: text.split('\n').map(
      (line, index) =>
        new docx.TextRun({
          text: line,
          bold: options.bold,
          italics: options.muted,
          color: options.muted ? '616B7A' : undefined,
          font: FONT,
          break: index > 0 ? 1 : undefined,
        }),
    ),
  });

const cell = (text: string, options: { header?: boolean; width?: number; fill?: string } = {}) =>
  new docx.TableCell({
    children: [textParagraph(text, { bold: options.header })],
    ...(options.width !== undefined ? { width: { size: options.width, type: docx.WidthType.PERCENTAGE } } : {}),
    ...(options.header
      ? { shading: headerShade() }
      : options.fill
        ? { shading: { type: docx.ShadingType.CLEAR, color: 'auto', fill: options.fill } }
        : {}),
  });

const fullWidth = () => ({ size: 100, type: docx.WidthType.PERCENTAGE }) as const;

function tintHex(hex: string): string {
  const match = /^#?([0-9a-f]{6})$/i.exec(hex);
  const value = match ? Number.parseInt(match[1] ?? '888888', 16) : 0x888888;
  return [16, 8, 0]
    .map((shift) =>
      Math.round(((value >> shift) & 255) * 0.25 + 255 * 0.75)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')
    .toUpperCase();
}

function blockChildren(block: TemplateBlock): FileChild[] {
  switch (block.kind) {
    case 'heading':
      return [new docx.Paragraph({ heading: docx.HeadingLevel.HEADING_2, children: [new docx.TextRun({ text: block.text, font: FONT })] })];
    case 'paragraph':
      return [textParagraph(block.text, { muted: block.muted })];
    case 'fields':
      return block.fields.map(
        (field) =>
          new docx.Paragraph({
            border: { bottom: rule() },
            spacing: { before: 160 },
            children: [
              new docx.TextRun({ text: `${field.label}: `, bold: true, font: FONT }),
              new docx.TextRun({ text: field.value, font: FONT }),
            ],
          }),
      );
    case 'table': {
      const total = block.widths.reduce((sum, width) => sum + width, 0) || 1;
      const widths = block.widths.map((width) => Math.round((width / total) * 100));
      const rows = [
        new docx.TableRow({
          tableHeader: true,
          children: block.columns.map((text, index) => cell(text, { header: true, width: widths[index] })),
        }),
        ...block.rows.map((cells) => new docx.TableRow({ children: cells.map((text, index) => cell(text, { width: widths[index] })) })),
        ...Array.from(
          { length: block.blankRows },
          () =>
            new docx.TableRow({
              height: { value: 400, rule: 'atLeast' },
              children: block.columns.map((_, index) => cell('', { width: widths[index] })),
            }),
        ),
      ];
      return [new docx.Table({ width: fullWidth(), rows }), new docx.Paragraph({ children: [] })];
    }
    case 'checklist':
      return block.items.map(
        (item) =>
          new docx.Paragraph({
            spacing: { before: 120 },
            children: [new docx.TextRun({ text: `${item.done ? '☑' : '☐'}  ${item.text}`, font: FONT })],
          }),
      );
    case 'lines':
      return [
        new docx.Paragraph({ spacing: { before: 240 }, children: [new docx.TextRun({ text: block.label, bold: true, font: FONT })] }),
        ...Array.from(
          { length: block.count },
          () => new docx.Paragraph({ border: { bottom: rule() }, spacing: { before: 280 }, children: [] }),
        ),
      ];
    case 'weekGrid':
      return [
        new docx.Table({
          width: fullWidth(),
          rows: block.days.map(
            (day) =>
              new docx.TableRow({
                children: [
                  cell(day.label, { header: true, width: 20 }),
                  new docx.TableCell({
                    width: { size: 80, type: docx.WidthType.PERCENTAGE },
                    children:
                      day.items.length > 0
                        ? day.items.map((item) => textParagraph([item.time, item.title, item.detail].filter(Boolean).join('  ')))
                        : [new docx.Paragraph({ children: [] })],
                  }),
                ],
              }),
          ),
        }),
      ];
    case 'monthGrid':
      return [
        new docx.Table({
          width: fullWidth(),
          rows: [
            new docx.TableRow({ tableHeader: true, children: block.weekdays.map((text) => cell(text, { header: true })) }),
            ...block.weeks.map(
              (week) =>
                new docx.TableRow({
                  height: { value: 700, rule: 'atLeast' },
                  children: week.map((day) =>
                    cell(
                      day ? [String(day.day), day.marks.join(' ')].filter(Boolean).join('\n') : '',
                      day?.shaded ? { fill: 'E5E5E5' } : {},
                    ),
                  ),
                }),
            ),
          ],
        }),
      ];
    case 'cornell':
      return [
        new docx.Table({
          width: fullWidth(),
          rows: [
            new docx.TableRow({
              height: { value: 9000, rule: 'atLeast' },
              children: [cell(block.cue, { header: true, width: 30 }), cell(block.notes, { header: true, width: 70 })],
            }),
            new docx.TableRow({
              height: { value: 2400, rule: 'atLeast' },
              children: [new docx.TableCell({ columnSpan: 2, children: [textParagraph(block.summary, { bold: true })] })],
            }),
          ],
        }),
      ];
    case 'gantt':
      return [
        new docx.Table({
          width: fullWidth(),
          rows: [
            new docx.TableRow({
              tableHeader: true,
              children: [cell(block.taskLabel, { header: true, width: 28 }), ...block.columns.map((text) => cell(text, { header: true }))],
            }),
            ...block.bars.map(
              (bar) =>
                new docx.TableRow({
                  children: [
                    cell(bar.detail ? `${bar.label} · ${bar.detail}` : bar.label, { width: 28 }),
                    ...block.columns.map((_, index) =>
                      cell('', index >= bar.start && index <= bar.end ? { fill: tintHex('#3B5BDB') } : {}),
                    ),
                  ],
                }),
            ),
          ],
        }),
      ];
  }
}

export async function renderDocx(document: TemplateDocument): Promise<Uint8Array> {
  docx ??= await import('docx');
  const children: FileChild[] = [
    new docx.Paragraph({ heading: docx.HeadingLevel.TITLE, children: [new docx.TextRun({ text: document.title, font: FONT })] }),
    textParagraph(document.subtitle, { muted: true }),
  ];
  document.sections.forEach((section, index) => {
    if (section.title !== document.title || index > 0) {
      children.push(
        new docx.Paragraph({
          heading: docx.HeadingLevel.HEADING_1,
          pageBreakBefore: index > 0,
          children: [new docx.TextRun({ text: section.title, font: FONT })],
        }),
      );
    }
    for (const block of section.blocks) children.push(...blockChildren(block));
  });
  const doc = new docx.Document({
    creator: 'StudyPilot',
    title: document.title,
    styles: { default: { document: { run: { font: FONT, size: 22 } } } },
    sections: [
      {
        properties: {
          page: { size: { orientation: document.landscape ? docx.PageOrientation.LANDSCAPE : docx.PageOrientation.PORTRAIT } },
        },
        children,
      },
    ],
  });
  return new Uint8Array(await docx.Packer.toBuffer(doc));
}
