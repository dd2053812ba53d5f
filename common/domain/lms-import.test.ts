import { describe, expect, it } from 'vitest';
import { courseCodeOf, matchCourse, mergedField, taskTypeOfItem } from './lms-import';

describe('taskTypeOfItem', () => {
  it.each([
    ['Essay 1', [], 'event-assignment-12', 'assignment'],
    ['Midterm exam', [], 'x', 'exam'],
    ['Final', [], 'x', 'exam'],
    ['Klausur Analysis I', [], 'x', 'exam'],
    ['期末試験', [], 'x', 'exam'],
    ['Quiz 3: Kinematics', [], 'x', 'quiz'],
    ['Week 4', ['Quiz'], 'x', 'quiz'],
    ['Office hours', [], 'event-calendar-event-88', 'other'],
    ['Latest attempt', [], 'x', 'assignment'],
  ] as const)('%s %j → %s', (title, categories, uid, type) => {
    expect(taskTypeOfItem(title, categories, uid)).toBe(type);
  });
});

describe('matchCourse', () => {
  const courses = [
    { id: 'a', name: 'CS101 Intro to Programming' },
    { id: 'b', name: 'Linear Algebra' },
    { id: 'c', name: 'ENGL 201' },
    { id: 'd', name: 'History' },
    { id: 'e', name: 'History of Art' },
  ];
  it.each([
    ['cs101 intro to programming', 'a'],
    ['CS-101', 'a'],
    ['CS 101: Introduction to Programming (Fall 2026)', 'a'],
    ['Linear algebra', 'b'],
    ['MATH 220 Linear Algebra', 'b'],
    ['ENGL201 - Composition', 'c'],
    ['History', 'd'],
    ['Art', null],
    ['Chemistry', null],
    ['', null],
  ] as const)('%s → %s', (key, id) => {
    expect(matchCourse(key, courses)?.id ?? null).toBe(id);
  });
  it('refuses an ambiguous name', () => {
    expect(matchCourse('History of Art and History', [courses[3]!, courses[4]!])).toBeNull();
  });
  it('reads course codes', () => {
    expect(courseCodeOf('MATH-2415A Calculus')).toBe('math2415a');
    expect(courseCodeOf('Calculus')).toBeNull();
  });
});

describe('mergedField (decision 202)', () => {
  it('moves a field the student left as the feed wrote it', () => {
    expect(mergedField('2026-12-01', '2026-12-01', '2026-12-03')).toBe('2026-12-03');
  });
  it('keeps a field the student changed', () => {
    expect(mergedField('2026-12-05', '2026-12-01', '2026-12-03')).toBe('2026-12-05');
  });
  it('compares with the given equality', () => {
    const same = (a: Date | null, b: Date | null) => (a?.getTime() ?? null) === (b?.getTime() ?? null);
    expect(mergedField(new Date(1), new Date(1), new Date(2), same)).toEqual(new Date(2));
  });
});
