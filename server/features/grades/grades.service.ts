import { assertOwnCourse, assertOwned, deleteOwned } from '../../lib/owned';
import { changeSet } from '../../db/change-set';
import { pickColumns } from '../../db/pick-columns';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { CustomScaleBand } from '../../../common/domain/custom-scale';
import { courseMark, neededScore, remainingWeight, weightedGpa, type GpaSummary, type NeededScore } from '../../../common/domain/gpa';
import { gradeFor, isGradingSystemKey, DEFAULT_GRADING_SYSTEM, type GradingSystemKey } from '../../../common/domain/grading-systems';
import type { AssessmentCreateBody, AssessmentPatchBody, GradeCreateBody, GradePatchBody } from '../../../common/schemas/grades.schema';
import type { RewardOutcome } from '../../../common/schemas/rewards.schema';
import { inTransaction, type Database, type DbOrTx } from '../../db/client';
import { assessments, courses, grades, gradingPreferences, users } from '../../db/schema';
import { badRequest, conflict } from '../../lib/http-error';
import { jsonFloatText, jsonObjectText, jsonStringText } from '../../lib/json-text-sql';
import { renderRowList, rowKeySql, rowListQueries, type VersionedRowList } from '../../lib/row-cache';
import { awardPoints, revokeAward } from '../rewards/points.service';
import { rewardOutcomeInWrite, rewardOutcomeWithoutEvaluation, type WriteRewards } from '../rewards/rewards.service';

const SCORE_ABOVE_MAX = 'The score cannot be greater than the maximum score';
const MAX_BELOW_SCORE = 'The maximum score cannot be lower than the existing grade’s score';
const ALREADY_GRADED = 'This assessment already has a grade';

/** Points for recording a grade (once per grade). */
export const GRADE_POINTS = 5;

type AssessmentRow = typeof assessments.$inferSelect;
type GradeRow = typeof grades.$inferSelect;

/** What an assessment's answers show of its row (never its owner). */
const ASSESSMENT_VIEW_COLUMNS = ['id', 'courseId', 'name', 'type', 'date', 'maxScore', 'weight', 'feedback', 'comments'] as const;
type AssessmentView = Pick<AssessmentRow, (typeof ASSESSMENT_VIEW_COLUMNS)[number]>;
type GradeView = { id: string; assessmentId: string; score: number };

const toAssessment = (row: AssessmentRow): AssessmentView => pickColumns(row, ASSESSMENT_VIEW_COLUMNS);
const toGrade = (row: GradeRow): GradeView => ({ id: row.id, assessmentId: row.assessmentId, score: row.score });

const scoreIssue = () => badRequest(SCORE_ABOVE_MAX, [{ path: 'score', message: SCORE_ABOVE_MAX }], 'score_above_max');

/**
 * The hook the rewards feature extends: runs inside the transaction that recorded a new grade.
 * Today it awards the grade's points (once per grade, idempotent); gcse-star, straight-as and
 * honor_roll belong here later.
 */
async function onGradeRecorded(tx: DbOrTx, event: { userId: string; grade: GradeView; assessment: AssessmentView }): Promise<number> {
  const award = await awardPoints(tx, {
    userId: event.userId,
    reason: 'grade',
    sourceId: event.grade.id,
    amount: GRADE_POINTS,
    label: event.assessment.name,
  });
  return award.awarded ? GRADE_POINTS : 0;
}

/**
 * The other half: runs inside the transaction that deletes a grade (directly or with its assessment)
 * and takes its points back, once, so adding and deleting a grade cannot farm points. Answers the
 * points taken.
 */
async function onGradeDeleted(tx: DbOrTx, userId: string, gradeId: string): Promise<number> {
  return revokeAward(tx, { userId, reason: 'grade', sourceId: gradeId });
}

/** The user's assessment, locked for the rest of the transaction (score ≤ maxScore checks). */
async function lockAssessment(tx: DbOrTx, userId: string, id: string): Promise<AssessmentRow> {
  const row = assertOwned(
    await tx
      .select()
      .from(assessments)
      .where(and(eq(assessments.id, id), eq(assessments.userId, userId)))
      .for('update'),
    'Assessment not found',
  );
  return row;
}

export async function listAssessments(db: Database, userId: string): Promise<AssessmentView[]> {
  const rows = await db
    .select()
    .from(assessments)
    .where(eq(assessments.userId, userId))
    .orderBy(sql`${assessments.date} desc nulls last`, asc(assessments.createdAt));
  return rows.map(toAssessment);
}

export async function getAssessment(db: Database, userId: string, id: string): Promise<AssessmentView> {
  const row = assertOwned(
    await db
      .select()
      .from(assessments)
      .where(and(eq(assessments.id, id), eq(assessments.userId, userId))),
    'Assessment not found',
  );
  return toAssessment(row);
}

/** Creates an assessment and, when `score` is given, its grade, in one transaction. */
export async function createAssessment(
  db: DbOrTx,
  userId: string,
  input: AssessmentCreateBody,
): Promise<AssessmentView & { grade?: GradeView; pointsAwarded: number }> {
  const { score, ...fields } = input;
  if (score !== null && score !== undefined && score > fields.maxScore) throw scoreIssue();
  return inTransaction(db, async (tx) => {
    await assertOwnCourse(tx, userId, fields.courseId);
    const [row] = await tx
      .insert(assessments)
      .values({
        userId,
        courseId: fields.courseId ?? null,
        name: fields.name,
        type: fields.type,
        date: fields.date ?? null,
        maxScore: fields.maxScore,
        weight: fields.weight,
        feedback: fields.feedback ?? null,
        comments: fields.comments ?? null,
      })
      .returning();
    if (!row) throw new Error('insert returned nothing');
    const assessment = toAssessment(row);
    if (score === null || score === undefined) return { ...assessment, pointsAwarded: 0 };
    const [gradeRow] = await tx.insert(grades).values({ userId, assessmentId: row.id, score }).returning();
    if (!gradeRow) throw new Error('insert returned nothing');
    const grade = toGrade(gradeRow);
    const pointsAwarded = await onGradeRecorded(tx, { userId, grade, assessment });
    return { ...assessment, grade, pointsAwarded };
  });
}

/**
 * Changes the assessment and, when `score` is sent, creates or changes its grade, in one transaction.
 * The score is checked against the assessment's new `maxScore`, so lowering both at once works.
 */
async function updateAssessment(
  db: DbOrTx,
  userId: string,
  id: string,
  patch: AssessmentPatchBody,
): Promise<AssessmentView & { grade?: GradeView; pointsAwarded: number }> {
  const { score, ...input } = patch;
  return inTransaction(db, async (tx) => {
    const current = await lockAssessment(tx, userId, id);
    if (input.courseId !== undefined) await assertOwnCourse(tx, userId, input.courseId);
    const maxScore = input.maxScore ?? current.maxScore;
    if (score !== undefined && score > maxScore) throw scoreIssue();
    if (score === undefined && input.maxScore !== undefined && input.maxScore < current.maxScore) {
      const [grade] = await tx.select({ score: grades.score }).from(grades).where(eq(grades.assessmentId, id));
      if (grade && grade.score > input.maxScore) {
        throw badRequest(MAX_BELOW_SCORE, [{ path: 'maxScore', message: MAX_BELOW_SCORE }], 'max_below_score');
      }
    }
    const changes: Partial<typeof assessments.$inferInsert> = changeSet(input);
    let row = current;
    if (Object.keys(changes).length > 0) {
      const updated = assertOwned(
        await tx
          .update(assessments)
          .set(changes)
          .where(and(eq(assessments.id, id), eq(assessments.userId, userId)))
          .returning(),
        'Assessment not found',
      );
      row = updated;
    }
    const assessment = toAssessment(row);
    if (score === undefined) return { ...assessment, pointsAwarded: 0 };
    const [gradeRow] = await tx
      .insert(grades)
      .values({ userId, assessmentId: id, score })
      .onConflictDoUpdate({ target: grades.assessmentId, set: { score } })
      .returning();
    if (!gradeRow) throw new Error('upsert returned nothing');
    const grade = toGrade(gradeRow);
    // A first grade pays once (the ledger is keyed by the grade); a changed score pays nothing more.
    const pointsAwarded = await onGradeRecorded(tx, { userId, grade, assessment });
    return { ...assessment, grade, pointsAwarded };
  });
}

/** Deletes the assessment; its grade goes with it (ON DELETE CASCADE) and so do its points. Answers the points taken. */
async function deleteAssessment(db: Database, userId: string, id: string): Promise<number> {
  return db.transaction(async (tx) => {
    const [grade] = await tx
      .select({ id: grades.id })
      .from(grades)
      .where(and(eq(grades.assessmentId, id), eq(grades.userId, userId)));
    await deleteOwned(tx, assessments, userId, id, 'Assessment not found');
    return grade ? onGradeDeleted(tx, userId, grade.id) : 0;
  });
}

/** The user's grades, oldest first (grades saved in one transaction share `created_at`: then by id). */
export async function listGrades(db: Database, userId: string): Promise<GradeView[]> {
  const rows = await db.select().from(grades).where(eq(grades.userId, userId)).orderBy(asc(grades.createdAt), asc(grades.id));
  return rows.map(toGrade);
}

/** A grade's JSON text, built by PostgreSQL byte for byte as `jsonOf(gradeResponseSchema, toGrade(row))` writes it. */
const GRADE_JSON = jsonObjectText([
  ['id', jsonStringText(grades.id)],
  ['assessmentId', jsonStringText(grades.assessmentId)],
  ['score', jsonFloatText(grades.score)],
]);
/** A grade's JSON reads its own row only (the assessment is a list of its own). */
const GRADE_ROW_KEY = sql.raw(rowKeySql('grades.id', ['grades']));

/**
 * `listGrades` as the JSON text (UTF-8) of GET /api/grades from rendered rows (decisions 214, 231): the
 * keys of the user's grades from PostgreSQL, the JSON of the grades this instance has not rendered at
 * their current version, the others' texts from the row cache.
 */
export async function renderGradesJson(db: Database, userId: string): Promise<Buffer> {
  return renderRowList(gradeRows(db, userId));
}

/** The user's grades as a list of rendered rows: what GET /api/grades answers through sendVersionedList. */
export function gradeRows(db: Database, userId: string): VersionedRowList {
  return {
    db,
    userId,
    ...rowListQueries({
      list: 'grades',
      from: sql`${grades}`,
      where: eq(grades.userId, userId),
      id: sql`${grades.id}`,
      rowKey: GRADE_ROW_KEY,
      json: GRADE_JSON,
      // One table, no join: a read after a write asks for the changed rows only (decisions 243, 247).
      changedSince: { xmin: sql.raw('grades.xmin'), orderColumns: [grades.createdAt, grades.id], descending: false },
    }),
  };
}

async function findGrade(db: DbOrTx, userId: string, id: string): Promise<GradeRow> {
  const row = assertOwned(
    await db
      .select()
      .from(grades)
      .where(and(eq(grades.id, id), eq(grades.userId, userId))),
    'Grade not found',
  );
  return row;
}

export async function getGrade(db: Database, userId: string, id: string): Promise<GradeView> {
  return toGrade(await findGrade(db, userId, id));
}

async function createGrade(db: DbOrTx, userId: string, input: GradeCreateBody): Promise<GradeView & { pointsAwarded: number }> {
  return inTransaction(db, async (tx) => {
    const assessment = await lockAssessment(tx, userId, input.assessmentId);
    if (input.score > assessment.maxScore) throw scoreIssue();
    const [row] = await tx
      .insert(grades)
      .values({ userId, assessmentId: assessment.id, score: input.score })
      .onConflictDoNothing({ target: grades.assessmentId })
      .returning();
    if (!row) throw conflict(ALREADY_GRADED, 'already_graded');
    const grade = toGrade(row);
    const pointsAwarded = await onGradeRecorded(tx, { userId, grade, assessment: toAssessment(assessment) });
    return { ...grade, pointsAwarded };
  });
}

async function updateGrade(db: DbOrTx, userId: string, id: string, input: GradePatchBody): Promise<GradeView> {
  return inTransaction(db, async (tx) => {
    const current = await findGrade(tx, userId, id);
    const assessment = await lockAssessment(tx, userId, current.assessmentId);
    if (input.score > assessment.maxScore) throw scoreIssue();
    const row = assertOwned(
      await tx
        .update(grades)
        .set({ score: input.score })
        .where(and(eq(grades.id, id), eq(grades.userId, userId)))
        .returning(),
      'Grade not found',
    );
    return toGrade(row);
  });
}

/** Deletes the grade and its assessment together (docs/api.md), taking the grade's points back. Answers the points taken. */
async function deleteGrade(db: Database, userId: string, id: string): Promise<number> {
  return db.transaction(async (tx) => {
    const grade = await findGrade(tx, userId, id);
    await tx.delete(grades).where(and(eq(grades.id, id), eq(grades.userId, userId)));
    await tx.delete(assessments).where(and(eq(assessments.id, grade.assessmentId), eq(assessments.userId, userId)));
    return onGradeDeleted(tx, userId, grade.id);
  });
}

/** The write functions with their reward outcome (evaluated in the write's transaction; docs/api.md "Reward outcome"). */
export async function createAssessmentWithOutcome(db: DbOrTx, userId: string, input: AssessmentCreateBody, rewards: WriteRewards) {
  return inTransaction(db, async (tx) => {
    const { pointsAwarded, ...created } = await createAssessment(tx, userId, input);
    // Without a score nothing was logged that a rule reads; with one, academic achievements may move.
    if (!created.grade) return created;
    return { ...created, rewards: await rewardOutcomeInWrite(tx, userId, rewards, pointsAwarded) };
  });
}

export async function updateAssessmentWithOutcome(
  db: DbOrTx,
  userId: string,
  id: string,
  input: AssessmentPatchBody,
  rewards: WriteRewards,
) {
  return inTransaction(db, async (tx) => {
    const { pointsAwarded, ...updated } = await updateAssessment(tx, userId, id, input);
    // Without a score nothing changed that a rule reads (the plain PATCH answer of docs/api.md).
    if (!updated.grade) return updated;
    return { ...updated, rewards: await rewardOutcomeInWrite(tx, userId, rewards, pointsAwarded) };
  });
}

export async function createGradeWithOutcome(db: DbOrTx, userId: string, input: GradeCreateBody, rewards: WriteRewards) {
  return inTransaction(db, async (tx) => {
    const { pointsAwarded, ...grade } = await createGrade(tx, userId, input);
    return { ...grade, rewards: await rewardOutcomeInWrite(tx, userId, rewards, pointsAwarded) };
  });
}

export async function updateGradeWithOutcome(db: DbOrTx, userId: string, id: string, input: GradePatchBody, rewards: WriteRewards) {
  return inTransaction(db, async (tx) => {
    const grade = await updateGrade(tx, userId, id, input);
    return { ...grade, rewards: await rewardOutcomeInWrite(tx, userId, rewards, 0) };
  });
}

export async function deleteGradeWithOutcome(db: Database, userId: string, id: string): Promise<RewardOutcome> {
  return rewardOutcomeWithoutEvaluation(db, userId, -(await deleteGrade(db, userId, id)));
}

export async function deleteAssessmentWithOutcome(db: Database, userId: string, id: string): Promise<RewardOutcome> {
  return rewardOutcomeWithoutEvaluation(db, userId, -(await deleteAssessment(db, userId, id)));
}

export async function getCustomScale(db: DbOrTx, userId: string): Promise<CustomScaleBand[]> {
  const [row] = await db
    .select({ customScale: gradingPreferences.customScale })
    .from(gradingPreferences)
    .where(eq(gradingPreferences.userId, userId));
  return (row?.customScale ?? []).map((band) => ({
    label: band.label,
    minPercentage: band.minPercentage,
    gradePoints: band.gradePoints ?? null,
  }));
}

export async function putCustomScale(db: Database, userId: string, bands: readonly CustomScaleBand[]): Promise<CustomScaleBand[]> {
  const stored = [...bands]
    .map((band) => ({ label: band.label.trim(), minPercentage: band.minPercentage, gradePoints: band.gradePoints ?? null }))
    .sort((a, b) => b.minPercentage - a.minPercentage);
  await db
    .insert(gradingPreferences)
    .values({ userId, customScale: stored })
    .onConflictDoUpdate({ target: gradingPreferences.userId, set: { customScale: stored, updatedAt: new Date() } });
  return stored;
}

export type CourseSummary = {
  courseId: string | null;
  name: string | null;
  credits: number | null;
  targetGrade: number | null;
  mark: number | null;
  label: string | null;
  remainingWeight: number;
  needed: NeededScore;
  gradedCount: number;
  assessmentCount: number;
};
type GradesSummary = { system: GradingSystemKey; courses: CourseSummary[]; gpa: GpaSummary | null };

/**
 * Per course (and one group for standalone assessments, `courseId: null`): current mark, its label in
 * the user's system, remaining weight and the score needed for the course's target; then the GPA over
 * the courses (standalone work counts as one course of 1 credit, rule 0.7). Computed with the common domain
 * functions, so the web shows the same figures.
 */
export async function gradesSummary(db: Database, userId: string): Promise<GradesSummary> {
  const [user] = await db.select({ gradingSystem: users.gradingSystem }).from(users).where(eq(users.id, userId));
  const system: GradingSystemKey = isGradingSystemKey(user?.gradingSystem) ? user.gradingSystem : DEFAULT_GRADING_SYSTEM;
  const scale = system === 'custom' ? await getCustomScale(db, userId) : undefined;
  const usable = system !== 'custom' || (scale !== undefined && scale.length > 0);
  const labelFor = (mark: number | null) => (mark === null || !usable ? null : gradeFor(mark, system, scale).label);

  const courseRows = await db.select().from(courses).where(eq(courses.userId, userId)).orderBy(asc(courses.name));
  const rows = await db
    .select({ assessment: assessments, score: grades.score })
    .from(assessments)
    .leftJoin(grades, eq(grades.assessmentId, assessments.id))
    .where(eq(assessments.userId, userId));

  const groups = new Map<string | null, { weight: number; maxScore: number; score: number | null }[]>();
  for (const { assessment, score } of rows) {
    const list = groups.get(assessment.courseId) ?? [];
    list.push({ weight: assessment.weight, maxScore: assessment.maxScore, score });
    groups.set(assessment.courseId, list);
  }

  const summarize = (courseId: string | null, name: string | null, credits: number | null, targetGrade: number | null): CourseSummary => {
    const list = groups.get(courseId) ?? [];
    const mark = courseMark(list);
    return {
      courseId,
      name,
      credits,
      targetGrade,
      mark,
      label: labelFor(mark),
      remainingWeight: remainingWeight(list),
      needed: neededScore(list, targetGrade),
      gradedCount: list.filter((a) => a.score !== null).length,
      assessmentCount: list.length,
    };
  };

  const result = courseRows.map((c) => summarize(c.id, c.name, c.credits, c.targetGrade));
  // Standalone work counts as one course without credits, i.e. 1 credit (rule 0.7).
  if (groups.has(null)) result.push(summarize(null, null, null, null));
  const gpa = usable
    ? weightedGpa(
        result.map((c) => ({ credits: c.credits, mark: c.mark })),
        system,
        scale,
      )
    : null;
  return { system, courses: result, gpa };
}
