import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * A dialog's form is a component of its own inside `DialogContent` (decision 256). `DialogContent` renders
 * its children only once the dialog first opens; a form hook called beside `<Dialog>` runs on every render
 * of the page with the dialog closed. React Hook Form's first `useForm` took 15–36 ms at 4× CPU inside the
 * first render of /grades, /rewards, /study and /progress, for dialogs nobody had opened.
 */
const webRoot = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx$/.test(entry.name) && !/\.test\.tsx$/.test(entry.name) ? [file] : [];
  });
}

/**
 * Each top-level function of a module, by name, with its text up to the next top-level function: a
 * declaration (`function A(`), or an arrow function or function expression given to a constant, also
 * through a wrapper (`const A = (`, `const A = memo(function A(`, `const A = forwardRef<…>((`).
 */
function topLevelFunctions(source: string): { name: string; body: string }[] {
  const starts = [
    ...source.matchAll(
      /^(?:export )?(?:(?:async )?function\*? (\w+)|(?:const|let) (\w+)\s*(?::[^=]+)?=\s*(?:[\w.]+(?:<[^>]*>)?\()?\s*(?:async\s*)?(?:function\b|\(|\w+\s*=>))/gm,
    ),
  ];
  return starts.map((start, index) => ({
    name: start[1] ?? start[2] ?? '',
    body: source.slice(start.index, starts[index + 1]?.index ?? source.length),
  }));
}

/** The functions that both build a form and render a `<Dialog>` around it. */
function formsBuiltBesideTheirDialog(source: string): string[] {
  return topLevelFunctions(source)
    .filter(({ body }) => /\buseForm\s*[<(]/.test(body) && /<Dialog[\s>]/.test(body))
    .map(({ name }) => name);
}

describe('dialog forms (decision 256)', () => {
  it('finds a form hook beside its dialog, and not one inside a component of its own', () => {
    const beside = `export function A() {\n  const form = useForm({});\n  return <Dialog open><DialogContent><form /></DialogContent></Dialog>;\n}\n`;
    const inside = `export function A() {\n  return <Dialog open><DialogContent><AForm /></DialogContent></Dialog>;\n}\nfunction AForm() {\n  const form = useForm<V>({});\n  return <form />;\n}\n`;
    expect(formsBuiltBesideTheirDialog(beside)).toEqual(['A']);
    expect(formsBuiltBesideTheirDialog(inside)).toEqual([]);
  });

  it('finds it in arrow functions and wrapped components too, each by its own name', () => {
    const arrow = `export const A = ({ open }: Props) => {\n  const form = useForm({});\n  return <Dialog open={open}><form /></Dialog>;\n};\n`;
    const memo = `const B = memo(function B() {\n  const form = useForm({});\n  return <Dialog>{null}</Dialog>;\n});\nconst C = () => <Dialog><CForm /></Dialog>;\n`;
    const forwarded = `export const D = React.forwardRef<HTMLDivElement, Props>((props, ref) => {\n  useForm();\n  return <Dialog />;\n});\n`;
    expect(formsBuiltBesideTheirDialog(arrow)).toEqual(['A']);
    expect(formsBuiltBesideTheirDialog(memo)).toEqual(['B']);
    expect(formsBuiltBesideTheirDialog(forwarded)).toEqual(['D']);
    // A constant that is not a function is not a component, and ends nothing.
    expect(topLevelFunctions(`const X = 1;\nconst Y = [1];\n`)).toEqual([]);
  });

  it('no component of web/ builds its form beside its dialog', () => {
    const offenders = sourceFiles(webRoot).flatMap((file) =>
      formsBuiltBesideTheirDialog(readFileSync(file, 'utf8')).map((name) => `${path.relative(webRoot, file)}: ${name}`),
    );
    expect(offenders).toEqual([]);
  });
});
