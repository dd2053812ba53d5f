import type ExcelJS from 'exceljs';
import type { TemplateBlock, TemplateDocument } from '../../../common/schemas/templates.schema';

/** Draws a TemplateDocument as an XLSX workbook with exceljs: one sheet per section. */

const HEADER_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE8EDF6' } };
const SHADE_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE5E5E5' } };
const BAR_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF3B5BDB' } };
const THIN: Partial<ExcelJS.Borders> = {
  top: { style: 'thin', color: { argb: 'FFC8CCD4' } },
  left: { style: 'thin', color: { argb: 'FFC8CCD4' } },
  bottom: { style: 'thin', color: { argb: 'FFC8CCD4' } },
  right: { style: 'thin', color: { argb: 'FFC8CCD4' } },
};
const WRAP: Partial<ExcelJS.Alignment> = { wrapText: true, vertical: 'top' };

function fillOf(hex: string): ExcelJS.Fill {
  const match = /^#?([0-9a-f]{6})$/i.exec(hex);
  const value = match ? Number.parseInt(match[1] ?? '888888', 16) : 0x888888;
  const channel = (shift: number) => Math.round(((value >> shift) & 255) * 0.25 + 255 * 0.75);
  const argb = `FF${[16, 8, 0].map((shift) => channel(shift).toString(16).padStart(2, '0')).join('')}`.toUpperCase();
  return { type: 'pattern', pattern: 'solid', fgColor: { argb } };
}

/** A sheet name Excel accepts: no []:*?/\, at most 31 characters, unique in the workbook. */
export function sheetName(title: string, taken: Set<string>): string {
  const base =
    title
      .replace(/[[\]:*?/\\]/g, ' ')
      .trim()
      .slice(0, 28) || 'Sheet';
  let name = base;
  for (let index = 2; taken.has(name.toLowerCase()); index++) name = `${base.slice(0, 27)} ${index}`;
  taken.add(name.toLowerCase());
  return name;
}

function column(index: number): string {
  let name = '';
  for (let value = index + 1; value > 0; value = Math.floor((value - 1) / 26)) name = String.fromCharCode(65 + ((value - 1) % 26)) + name;
  return name;
}

type Context = { workbook: ExcelJS.Workbook; lists: ExcelJS.Worksheet | null };

/** The values of a dropdown, written down a column of the hidden "Lists" sheet; its range for the validation. */
function listRange(context: Context, values: string[]): string {
  context.lists ??= context.workbook.addWorksheet('Lists', { state: 'hidden' });
  const sheet = context.lists;
  const target = column(sheet.columnCount);
  values.forEach((value, index) => {
    sheet.getCell(`${target}${index + 1}`).value = value;
  });
  return `Lists!$${target}$1:$${target}$${values.length}`;
}

function writeBlock(context: Context, sheet: ExcelJS.Worksheet, block: TemplateBlock): void {
  const next = () => sheet.addRow([]);
  switch (block.kind) {
    case 'heading': {
      const row = sheet.addRow([block.text]);
      row.font = { bold: true, size: 12 };
      return;
    }
    case 'paragraph': {
      const row = sheet.addRow([block.text]);
      if (block.muted) row.font = { italic: true, color: { argb: 'FF616B7A' } };
      return;
    }
    case 'fields':
      for (const field of block.fields) {
        const row = sheet.addRow([field.label, field.value]);
        row.getCell(1).font = { bold: true };
        row.getCell(2).border = { bottom: { style: 'thin' } };
      }
      next();
      return;
    case 'table': {
      const header = sheet.addRow(block.columns);
      header.eachCell((cell) => {
        cell.font = { bold: true };
        cell.fill = HEADER_FILL;
        cell.border = THIN;
      });
      const total = block.widths.reduce((sum, width) => sum + width, 0) || 1;
      block.widths.forEach((width, index) => {
        const current = sheet.getColumn(index + 1);
        current.width = Math.max(current.width ?? 0, Math.round((width / total) * 110));
      });
      const firstData = header.number + 1;
      for (const cells of block.rows) {
        const row = sheet.addRow(cells);
        for (let index = 1; index <= block.columns.length; index++) {
          row.getCell(index).border = THIN;
          row.getCell(index).alignment = WRAP;
        }
      }
      for (let blank = 0; blank < block.blankRows; blank++) {
        const row = sheet.addRow(block.columns.map(() => ''));
        for (let index = 1; index <= block.columns.length; index++) row.getCell(index).border = THIN;
      }
      const last = header.number + block.rows.length + block.blankRows;
      if (block.choices && last >= firstData && block.choices.values.length > 0) {
        const formula = listRange(context, block.choices.values);
        for (let rowNumber = firstData; rowNumber <= last; rowNumber++) {
          sheet.getCell(rowNumber, block.choices.column + 1).dataValidation = { type: 'list', allowBlank: true, formulae: [formula] };
        }
      }
      sheet.autoFilter = {
        from: { row: header.number, column: 1 },
        to: { row: Math.max(header.number, last), column: block.columns.length },
      };
      next();
      return;
    }
    case 'checklist':
      for (const item of block.items) sheet.addRow([`${item.done ? '☑' : '☐'} ${item.text}`]);
      next();
      return;
    case 'lines': {
      sheet.addRow([block.label]).font = { bold: true };
      for (let index = 0; index < block.count; index++) {
        const row = sheet.addRow(['']);
        for (let cell = 1; cell <= 6; cell++) row.getCell(cell).border = { bottom: { style: 'thin', color: { argb: 'FFC8CCD4' } } };
      }
      next();
      return;
    }
    case 'weekGrid': {
      const header = sheet.addRow(['', ...block.days.map((day) => day.label)]);
      header.eachCell((cell) => {
        cell.font = { bold: true };
        cell.fill = HEADER_FILL;
        cell.border = THIN;
      });
      sheet.getColumn(1).width = Math.max(sheet.getColumn(1).width ?? 0, 10);
      block.days.forEach((_, index) => (sheet.getColumn(index + 2).width = 22));
      for (const hour of block.hours.slice(0, -1)) {
        const row = sheet.addRow([hour.label]);
        row.getCell(1).border = THIN;
        block.days.forEach((day, index) => {
          const cell = row.getCell(index + 2);
          cell.border = THIN;
          cell.alignment = WRAP;
          const starting = day.items.filter((item) => item.startMinute >= hour.minute && item.startMinute < hour.minute + 60);
          if (starting.length > 0) {
            cell.value = starting.map((item) => [item.title, item.time, item.detail].filter(Boolean).join('\n')).join('\n\n');
            cell.fill = fillOf(starting[0]?.color ?? '#888888');
          }
        });
      }
      next();
      return;
    }
    case 'monthGrid': {
      const header = sheet.addRow(block.weekdays);
      header.eachCell((cell) => {
        cell.font = { bold: true };
        cell.fill = HEADER_FILL;
        cell.border = THIN;
      });
      for (const week of block.weeks) {
        const row = sheet.addRow(week.map((cell) => (cell ? [String(cell.day), cell.marks.join(' ')].filter(Boolean).join('  ') : '')));
        row.height = 36;
        week.forEach((cell, index) => {
          const target = row.getCell(index + 1);
          target.border = THIN;
          target.alignment = WRAP;
          if (cell?.shaded) target.fill = SHADE_FILL;
        });
      }
      next();
      return;
    }
    case 'cornell': {
      const row = sheet.addRow([block.cue, block.notes]);
      row.font = { bold: true };
      for (let index = 0; index < 20; index++) sheet.addRow(['', '']).eachCell({ includeEmpty: true }, (cell) => (cell.border = THIN));
      sheet.addRow([block.summary]).font = { bold: true };
      for (let index = 0; index < 4; index++) sheet.addRow(['']);
      return;
    }
    case 'gantt': {
      const header = sheet.addRow([block.taskLabel, '', ...block.columns]);
      header.eachCell((cell) => {
        cell.font = { bold: true };
        cell.fill = HEADER_FILL;
        cell.border = THIN;
        cell.alignment = { textRotation: 0, wrapText: true };
      });
      sheet.getColumn(1).width = 36;
      sheet.getColumn(2).width = 20;
      block.columns.forEach((_, index) => (sheet.getColumn(index + 3).width = 9));
      for (const bar of block.bars) {
        const row = sheet.addRow([bar.label, bar.detail]);
        for (let index = 0; index < block.columns.length; index++) {
          const cell = row.getCell(index + 3);
          cell.border = THIN;
          if (index >= bar.start && index <= bar.end) cell.fill = BAR_FILL;
        }
      }
      sheet.views = [{ state: 'frozen', xSplit: 2, ySplit: header.number }];
      next();
      return;
    }
  }
}

/** exceljs, imported on the first workbook rather than at module load (every server start would pay for it). */
let excel: Promise<typeof ExcelJS> | undefined;

export async function renderXlsx(document: TemplateDocument): Promise<Uint8Array> {
  excel ??= import('exceljs').then((module) => module.default);
  const { Workbook } = await excel;
  const workbook = new Workbook();
  workbook.creator = 'StudyPilot';
  workbook.title = document.title;
  const context: Context = { workbook, lists: null };
  const taken = new Set<string>(['lists']);
  for (const section of document.sections) {
    const sheet = workbook.addWorksheet(sheetName(section.title, taken), {
      pageSetup: {
        orientation: document.landscape ? 'landscape' : 'portrait',
        fitToPage: true,
        fitToWidth: 1,
        fitToHeight: 0,
        paperSize: 9,
      },
    });
    sheet.addRow([document.title]).font = { bold: true, size: 14 };
    sheet.addRow([document.subtitle]).font = { color: { argb: 'FF616B7A' }, size: 9 };
    if (section.title !== document.title) sheet.addRow([section.title]).font = { bold: true, size: 12 };
    sheet.addRow([]);
    for (const block of section.blocks) writeBlock(context, sheet, block);
  }
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}
