import type { CustomScaleBand } from './custom-scale';
import { creditWeightedMark, weightedGpa, type GpaSummary } from './gpa';
import { gradeFor, type GradingSystemKey } from './grading-systems';

/**
 * The Progress GPA calculator (docs/decisions/110-progress-summary.md): a what-if over every course —
 * change a course's mark or credits, add hypothetical courses — in the user's grading system, through
 * gpa.ts's `weightedGpa`, so the figures match Grades exactly. Pure; the inputs are never changed.
 */
export type CalculatorCourse = { id: string; name: string; credits: number | null; mark: number | null };
/** A change to one course: a mark (percentage 0–100, null = ungraded) and/or credits (≥ 0). */
export type CalculatorEdit = { mark?: number | null; credits?: number | null };
export type HypotheticalCourse = { id: string; name: string; credits: number; mark: number };

export const CALCULATOR_CREDITS_MAX = 100;

export type CalculatorResult = {
  before: GpaSummary & { mark: number | null };
  after: GpaSummary & { mark: number | null };
  rows: {
    id: string;
    name: string;
    credits: number | null;
    mark: number | null;
    /** The mark's name in the system (null: ungraded, or a custom system without its scale). */
    label: string | null;
    changed: boolean;
    hypothetical: boolean;
  }[];
};

function checkMark(mark: number | null | undefined): void {
  if (mark !== null && mark !== undefined && !(Number.isFinite(mark) && mark >= 0 && mark <= 100)) {
    throw new RangeError(`A mark is a percentage from 0 to 100, got ${mark}`);
  }
}
function checkCredits(credits: number | null | undefined): void {
  if (credits !== null && credits !== undefined && !(Number.isFinite(credits) && credits >= 0 && credits <= CALCULATOR_CREDITS_MAX)) {
    throw new RangeError(`Credits go from 0 to ${CALCULATOR_CREDITS_MAX}, got ${credits}`);
  }
}

/**
 * The GPA before and after the edits and hypothetical courses.
 * @throws RangeError for a mark outside 0–100 or credits outside 0–CALCULATOR_CREDITS_MAX (validate the form first).
 */
export function gpaWhatIf(
  courses: readonly CalculatorCourse[],
  edits: Readonly<Record<string, CalculatorEdit>>,
  added: readonly HypotheticalCourse[],
  system: GradingSystemKey,
  scale?: readonly CustomScaleBand[],
): CalculatorResult {
  const named = system !== 'custom' || (scale !== undefined && scale.length > 0);
  const labelOf = (mark: number | null) => (mark === null || !named ? null : gradeFor(mark, system, scale).label);
  const rows: CalculatorResult['rows'] = courses.map((course) => {
    const edit = Object.hasOwn(edits, course.id) ? edits[course.id] : undefined;
    checkMark(edit?.mark);
    checkCredits(edit?.credits);
    const mark = edit && edit.mark !== undefined ? edit.mark : course.mark;
    const credits = edit && edit.credits !== undefined ? edit.credits : course.credits;
    return {
      id: course.id,
      name: course.name,
      credits,
      mark,
      label: labelOf(mark),
      changed: mark !== course.mark || credits !== course.credits,
      hypothetical: false,
    };
  });
  for (const course of added) {
    checkMark(course.mark);
    checkCredits(course.credits);
    rows.push({
      id: course.id,
      name: course.name,
      credits: course.credits,
      mark: course.mark,
      label: labelOf(course.mark),
      changed: true,
      hypothetical: true,
    });
  }
  const summarize = (list: readonly { credits: number | null; mark: number | null }[]) => {
    const gpa: GpaSummary = named
      ? weightedGpa(list, system, scale)
      : { gpa4: null, ownGpa: null, ownGpaMax: null, countedCourses: 0, totalCredits: 0 };
    return { ...gpa, mark: creditWeightedMark(list) };
  };
  return { before: summarize(courses), after: summarize(rows), rows };
}
