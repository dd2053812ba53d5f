// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fill, interceptApi, renderWithProviders, writes } from '../../test/component-harness';
import { GradeDialog } from './grade-dialog';
import type { Assessment, Course } from '../../api/grades';

const courses: Course[] = [
  {
    id: 'c1',
    name: 'Maths',
    credits: 5,
    instructor: null,
    room: null,
    termId: null,
    startDate: null,
    endDate: null,
    color: '#1d4ed8',
    targetGrade: null,
    timeSlots: [],
    groupId: null,
    cancelledLessons: [],
  },
];
const rewards = { points: 10, unlockedAchievements: [], completedChallenges: [] };
const assessment: Assessment = {
  id: 'a1',
  courseId: 'c1',
  name: 'Midterm',
  type: 'exam',
  date: '2026-03-02',
  maxScore: 100,
  weight: 30,
  feedback: null,
  comments: null,
};

describe('GradeDialog → request', () => {
  it('adds: one POST /api/assessments with the fields, numbers as numbers, blanks as null, and an Idempotency-Key', async () => {
    const sent = interceptApi({ 'POST /api/assessments': { rewards } });
    await renderWithProviders(<GradeDialog open onOpenChange={() => {}} courses={courses} editing={null} />);
    fill('Course', 'c1');
    fill('Assessment name', '  Quiz 1 ');
    fill('Type', 'quiz');
    fill('Date', '2026-03-10');
    fill('Score', '18');
    fill('Max score', '20');
    fill('Weight (%)', '15');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes(sent)).toHaveLength(1));
    expect(writes(sent)[0]).toEqual({
      method: 'POST',
      path: '/api/assessments',
      idempotencyKey: true,
      body: {
        courseId: 'c1',
        name: 'Quiz 1',
        type: 'quiz',
        date: '2026-03-10',
        maxScore: 20,
        weight: 15,
        feedback: null,
        comments: null,
        score: 18,
      },
    });
  });

  it('edits: a new score and a lower max score are one request (one transaction on the server)', async () => {
    const sent = interceptApi({
      'PATCH /api/assessments/a1': { ...assessment, grade: { id: 'g1', assessmentId: 'a1', score: 40 }, rewards },
    });
    await renderWithProviders(
      <GradeDialog
        open
        onOpenChange={() => {}}
        courses={courses}
        editing={{ assessment, grade: { id: 'g1', assessmentId: 'a1', score: 80 } }}
      />,
    );
    fill('Score', '40');
    fill('Max score', '50');
    fill('Feedback (optional)', ' Well done ');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes(sent)).toHaveLength(1));
    expect(writes(sent)).toEqual([
      {
        method: 'PATCH',
        path: '/api/assessments/a1',
        body: {
          courseId: 'c1',
          name: 'Midterm',
          type: 'exam',
          date: '2026-03-02',
          maxScore: 50,
          weight: 30,
          feedback: 'Well done',
          comments: null,
          score: 40,
        },
        // A retried save is one edit, paid once.
        idempotencyKey: true,
      },
    ]);
  });

  it('sends nothing for a score above the maximum', async () => {
    const sent = interceptApi({});
    await renderWithProviders(<GradeDialog open onOpenChange={() => {}} courses={courses} editing={null} />);
    fill('Assessment name', 'Quiz');
    fill('Score', '25');
    fill('Max score', '20');
    fill('Weight (%)', '10');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('The score must be between 0 and the max score');
    expect(writes(sent)).toEqual([]);
  });

  it('takes a German grade as typed (2+) and stores it out of 100 (decision 115)', async () => {
    const sent = interceptApi({ 'POST /api/assessments': { rewards } });
    await renderWithProviders(<GradeDialog open onOpenChange={() => {}} courses={courses} editing={null} system="de_school" />);
    fill('Assessment name', 'Klassenarbeit');
    fill('Grade (Germany: school grades (1–6 with +/−))', '2+');
    fill('Weight (%)', '20');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes(sent)).toHaveLength(1));
    expect(writes(sent)[0]?.body).toMatchObject({ name: 'Klassenarbeit', maxScore: 100, score: 81.25, weight: 20 });
  });

  it('refuses a grade the scale does not have and sends nothing', async () => {
    const sent = interceptApi({});
    await renderWithProviders(<GradeDialog open onOpenChange={() => {}} courses={courses} editing={null} system="de_school" />);
    fill('Assessment name', 'Test');
    fill('Grade (Germany: school grades (1–6 with +/−))', '7');
    fill('Weight (%)', '20');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Enter a grade of this system, e.g. 2+');
    expect(writes(sent)).toEqual([]);
  });

  it('opens a grade entered as a grade as that grade again (1− stays 1−)', async () => {
    const sent = interceptApi({
      'PATCH /api/assessments/a1': { ...assessment, grade: { id: 'g1', assessmentId: 'a1', score: 56.25 }, rewards },
    });
    await renderWithProviders(
      <GradeDialog
        open
        onOpenChange={() => {}}
        courses={courses}
        editing={{ assessment, grade: { id: 'g1', assessmentId: 'a1', score: 87.5 } }}
        system="de_school"
      />,
    );
    expect(screen.getByLabelText('Grade (Germany: school grades (1–6 with +/−))')).toHaveProperty('value', '1−');
    fill('Grade (Germany: school grades (1–6 with +/−))', '3');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes(sent)).toHaveLength(1));
    expect(writes(sent)[0]?.body).toMatchObject({ maxScore: 100, score: 56.25 });
  });

  it('shows no grade field for a percentage system', async () => {
    interceptApi({});
    await renderWithProviders(<GradeDialog open onOpenChange={() => {}} courses={courses} editing={null} system="letter" />);
    expect(screen.queryByLabelText(/^Grade \(/)).toBeNull();
  });
});
