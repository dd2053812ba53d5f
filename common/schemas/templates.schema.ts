import { z } from 'zod';
import { LANGUAGES } from '../domain/languages';
import { TEMPLATE_CATEGORIES, TEMPLATE_FORMATS, TEMPLATE_IDS } from './templates.constants';

/**
 * Premium templates (docs/product.md §3 "Premium template", docs/api.md "Premium"; docs/decisions/134). The server
 * builds each template from the user's own data as a `TemplateDocument` (the content model below) and
 * renders it as PDF, XLSX or DOCX; the preview endpoint answers the same model as JSON, which the web
 * draws as HTML, so the preview and the file can never disagree about what is in them.
 */
export * from './templates.constants';

/** `:id` of /api/premium/templates/:id/…: a catalogue key; anything else is a 400. */
export const templateParamsSchema = z.strictObject({ id: z.enum(TEMPLATE_IDS, 'Unknown template') });

/** `?lang=`: the language of the document (the web sends its own); absent → Accept-Language, then English. */
export const templateQuerySchema = z.strictObject({ lang: z.enum(LANGUAGES, 'Unknown language').optional() });

/** One row of GET /api/premium/templates (docs/api.md), plus `format`. `size` is the blank edition's size in bytes. */
export const templateSummarySchema = z.strictObject({
  id: z.enum(TEMPLATE_IDS),
  category: z.enum(TEMPLATE_CATEGORIES),
  format: z.enum(TEMPLATE_FORMATS),
  name: z.string(),
  description: z.string(),
  fileName: z.string(),
  size: z.number().int().nonnegative(),
});
export type TemplateSummary = z.output<typeof templateSummarySchema>;
export const templateListResponseSchema = z.array(templateSummarySchema);

const tableSchema = z.strictObject({
  kind: z.literal('table'),
  columns: z.array(z.string()),
  /** Relative column widths, one per column. */
  widths: z.array(z.number()),
  rows: z.array(z.array(z.string())),
  /** Empty rows to write in after `rows` (a log or a roster to fill in by hand). */
  blankRows: z.number().int().nonnegative(),
  /** A dropdown of these values on one column (spreadsheets only; null = none). */
  choices: z.strictObject({ column: z.number().int().nonnegative(), values: z.array(z.string()) }).nullable(),
});

const weekGridItemSchema = z.strictObject({
  startMinute: z.number().int(),
  endMinute: z.number().int(),
  time: z.string(),
  title: z.string(),
  detail: z.string(),
  color: z.string(),
});

/** The blocks a section is made of; every renderer (PDF, XLSX, DOCX, the web preview) draws each kind. */
export const templateBlockSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('heading'), text: z.string() }),
  z.strictObject({ kind: z.literal('paragraph'), text: z.string(), muted: z.boolean() }),
  z.strictObject({ kind: z.literal('fields'), fields: z.array(z.strictObject({ label: z.string(), value: z.string() })) }),
  tableSchema,
  z.strictObject({ kind: z.literal('checklist'), items: z.array(z.strictObject({ text: z.string(), done: z.boolean() })) }),
  z.strictObject({ kind: z.literal('lines'), label: z.string(), count: z.number().int().positive() }),
  z.strictObject({
    kind: z.literal('weekGrid'),
    startMinute: z.number().int(),
    endMinute: z.number().int(),
    hours: z.array(z.strictObject({ minute: z.number().int(), label: z.string() })),
    days: z.array(z.strictObject({ label: z.string(), items: z.array(weekGridItemSchema) })),
  }),
  z.strictObject({
    kind: z.literal('monthGrid'),
    weekdays: z.array(z.string()),
    /** Rows of seven cells; null outside the month. */
    weeks: z.array(z.array(z.strictObject({ day: z.number().int(), shaded: z.boolean(), marks: z.array(z.string()) }).nullable())),
  }),
  z.strictObject({ kind: z.literal('cornell'), cue: z.string(), notes: z.string(), summary: z.string() }),
  z.strictObject({
    kind: z.literal('gantt'),
    taskLabel: z.string(),
    columns: z.array(z.string()),
    bars: z.array(z.strictObject({ label: z.string(), detail: z.string(), start: z.number().int(), end: z.number().int() })),
  }),
]);
export type TemplateBlock = z.output<typeof templateBlockSchema>;
export type TableBlock = Extract<TemplateBlock, { kind: 'table' }>;

/** A page (PDF), a sheet (XLSX) or a part after a page break (DOCX). */
export const templateSectionSchema = z.strictObject({ title: z.string(), blocks: z.array(templateBlockSchema) });
export type TemplateSection = z.output<typeof templateSectionSchema>;

/** GET /api/premium/templates/:id/preview: the document the download would contain. */
export const templateDocumentSchema = z.strictObject({
  id: z.enum(TEMPLATE_IDS),
  format: z.enum(TEMPLATE_FORMATS),
  language: z.enum(LANGUAGES),
  title: z.string(),
  subtitle: z.string(),
  /** Landscape pages (PDF) / a wide layout. */
  landscape: z.boolean(),
  sections: z.array(templateSectionSchema),
});
export type TemplateDocument = z.output<typeof templateDocumentSchema>;
