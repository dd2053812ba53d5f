/**
 * Migrations stay backward compatible for one release (docs/decisions/199, docs/operations.md
 * "Upgrades without downtime"): during a rolling deploy the previous release's instances run against
 * the new schema, so a migration may add (tables, nullable columns, columns with a default, indexes)
 * but not take away or change what the previous release reads and writes. This reads a migration's SQL
 * and names each statement that would break the previous release. A statement that must do so anyway
 * (the second step of an expand/contract change, once no release reads the column) is marked on the line
 * before it with `-- compat-exception: <why this is safe now>`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../server/db/migrations');
/** The rule holds from this migration on; 0000–0025 came before it (0009 sets NOT NULL on filled columns). */
export const FIRST_CHECKED_MIGRATION = 26;

const EXCEPTION = /--[ \t]*compat-exception:[ \t]*\S/;

type Rule = { pattern: RegExp; problem: string };
const RULES: Rule[] = [
  { pattern: /\bDROP\s+TABLE\b/i, problem: 'drops a table the previous release may read' },
  { pattern: /\bDROP\s+COLUMN\b/i, problem: 'drops a column the previous release may read or write' },
  { pattern: /\bRENAME\s+(?!CONSTRAINT\b)/i, problem: 'renames a table or column the previous release names' },
  { pattern: /\bALTER\s+COLUMN\s+\S+\s+(SET\s+DATA\s+)?TYPE\b/i, problem: 'changes a column type the previous release writes' },
  { pattern: /\bALTER\s+COLUMN\s+\S+\s+SET\s+NOT\s+NULL\b/i, problem: 'makes a column NOT NULL that the previous release may leave empty' },
  { pattern: /\bDROP\s+TYPE\b/i, problem: 'drops a type the previous release may use' },
  { pattern: /\bALTER\s+TYPE\s+\S+\s+RENAME\b/i, problem: 'renames an enum value the previous release writes' },
];

/** `ADD COLUMN … NOT NULL` with no DEFAULT (nor GENERATED): the previous release's inserts omit it and fail. */
const ADD_COLUMN = /\bADD\s+COLUMN\s+(?:IF\s+NOT\s+EXISTS\s+)?("[^"]+"|\S+)([^,;]*)/gi;

function statementsOf(sql: string): string[] {
  return sql
    .split(/-->\s*statement-breakpoint|;\s*(?:\n|$)/)
    .map((statement) => statement.trim())
    .filter(Boolean);
}

const withoutComments = (statement: string) => statement.replace(/--[^\n]*/g, '').trim();

/** The tables a migration creates: what it does to them afterwards breaks nothing that ran before. */
function createdTables(sql: string): Set<string> {
  const created = new Set<string>();
  for (const match of sql.matchAll(/\bCREATE\s+TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?((?:"[^"]+"\.)?"?[\w]+"?)/gi))
    created.add(match[1]!.replace(/"/g, ''));
  return created;
}

function tableOf(statement: string): string | undefined {
  return /\bALTER\s+TABLE\s+(?:ONLY\s+)?(?:IF\s+EXISTS\s+)?((?:"[^"]+"\.)?"?[\w]+"?)/i.exec(statement)?.[1]?.replace(/"/g, '');
}

/** Each statement of `sql` that would break the previous release, with what it does; [] when none. */
export function compatibilityProblems(sql: string): string[] {
  const created = createdTables(sql);
  const problems: string[] = [];
  for (const raw of statementsOf(sql)) {
    if (EXCEPTION.test(raw)) continue;
    const statement = withoutComments(raw);
    if (!statement) continue;
    const table = tableOf(statement);
    if (table && created.has(table)) continue;
    const excerpt = statement.replace(/\s+/g, ' ').slice(0, 120);
    for (const rule of RULES) if (rule.pattern.test(statement)) problems.push(`${rule.problem}: ${excerpt}`);
    for (const match of statement.matchAll(ADD_COLUMN)) {
      const definition = match[2]!;
      if (/\bNOT\s+NULL\b/i.test(definition) && !/\bDEFAULT\b|\bGENERATED\b/i.test(definition))
        problems.push(`adds a NOT NULL column without a default, which the previous release's inserts leave out: ${excerpt}`);
    }
  }
  return problems;
}

/** The migrations the rule covers: file name → its problems. */
export function checkedMigrations(dir = MIGRATIONS_DIR): Array<{ file: string; problems: string[] }> {
  return readdirSync(dir)
    .filter((file) => /^\d{4}_.*\.sql$/.test(file) && Number(file.slice(0, 4)) >= FIRST_CHECKED_MIGRATION)
    .sort()
    .map((file) => ({ file, problems: compatibilityProblems(readFileSync(path.join(dir, file), 'utf8')) }));
}
