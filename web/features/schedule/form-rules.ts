/** What the Schedule forms share without zod; their rules are form-rules-schema.ts, loaded on demand (decision 234). */

/** "" → null, else the number. */
export const numberOrNull = (value: string): number | null => (value.trim() === '' ? null : Number(value));

export const DEFAULT_COLORS = ['#3b82f6', '#10b981', '#f59e0b', '#ef4444', '#8b5cf6', '#ec4899', '#14b8a6', '#64748b'];
