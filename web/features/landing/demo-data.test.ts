import { describe, expect, it } from 'vitest';
import { dueStatus } from '../../../common/domain/due-status';
import { DEMO_NOW, DEMO_TASKS, DEMO_TIME_ZONE, demoGrade, demoWeek } from './demo-data';

describe('the landing demo', () => {
  it('shows the B week of the A/B term: the week-B classes and none of week A', () => {
    const week = demoWeek();
    expect(week.week).toBe('B');
    expect(week.days.map((day) => day.weekday)).toEqual([1, 2, 3, 4, 5]);
    const thursday = week.days[3]?.classes.map((entry) => entry.courseId);
    expect(thursday).toEqual(['history', 'physics']);
    expect(week.days[3]?.classes.some((entry) => entry.courseId === 'biology')).toBe(false);
    expect(week.days[4]?.classes.at(-1)).toEqual({ courseId: 'art', startTime: '13:00', endTime: '14:30' });
    for (const day of week.days) {
      const starts = day.classes.map((entry) => entry.startTime);
      expect(starts).toEqual([...starts].sort());
    }
  });

  it('has tasks due today, later and done, as the due-status rule sees them', () => {
    const open = DEMO_TASKS.filter((task) => !task.completed && task.dueDate);
    expect(open.map((task) => dueStatus(task.dueDate ?? '', DEMO_NOW, DEMO_TIME_ZONE))).toEqual(['today', 'upcoming', 'upcoming']);
    expect(DEMO_TASKS.filter((task) => task.completed)).toHaveLength(1);
  });

  it('weights the grade 30/20/50 and shows the mark in six systems', () => {
    const grade = demoGrade();
    // 0.3 × 84 + 0.2 × 90 + 0.5 × 81
    expect(grade.mark).toBe('83.7%');
    expect(grade.assessments.map((assessment) => assessment.percentage)).toEqual(['84%', '90%', '81%']);
    expect(grade.gpa).toBe('3.0');
    expect(grade.systems).toEqual([
      { system: 'letter', label: 'B' },
      { system: 'uk_gcse_new', label: '8' },
      { system: 'ects', label: 'B' },
      { system: 'us_ib', label: '6' },
      { system: 'au_university', label: 'D' },
      { system: 'india_cgpa', label: '8.81' },
    ]);
  });
});
