import { describe, expect, it } from 'vitest';
import { fold, highlightParts, searchArticles, terms, type HelpArticle } from './help-search';

const article = (slug: string, title: string, body: string): HelpArticle => ({ slug, category: 'c', title, body });

const ARTICLES: HelpArticle[] = [
  article('timer', 'Use the focus timer', 'Start a Pomodoro focus session and take short breaks.'),
  article('tasks', 'Create a task', 'Give the task a due date, a priority and a reminder.'),
  article('reminders', 'Task reminders', 'A reminder fires before the due date of a task.'),
  article('grades-es', 'Calificación de exámenes', 'Introduce la nota del examen y su peso.'),
  article('zh-timer', '使用专注计时器', '开始一次番茄钟专注学习，并适当休息。'),
  article('ja-timer', '集中タイマーの使い方', 'ポモドーロで集中して学習し、短い休憩をとります。'),
  article('ja-grades', '成績の記録', '評価と成績を入力すると平均が計算されます。'),
];

const slugs = (query: string) => searchArticles(ARTICLES, query).map((result) => result.article.slug);

describe('terms', () => {
  it.each([
    ['Focus Timer', ['focus', 'timer']],
    ['Éxamen', ['examen']],
    ['计时器', ['计时', '时器']],
    ['集中タイマー', ['集中', '中タ', 'タイ', 'イマ', 'マー']],
    ['時', ['時']],
    ['GPA 成績', ['gpa', '成績']],
    ['  ', []],
  ])('%s → %j', (text, expected) => {
    expect(terms(text)).toEqual(expected);
  });

  it('folds case, accents and full-width forms', () => {
    expect(fold('ÉTÉ Ｔｉｍｅｒ')).toBe('ete timer');
  });
});

describe('searchArticles', () => {
  it.each([
    ['timer', ['timer']],
    ['tim', ['timer']],
    ['reminder', ['reminders', 'tasks']],
    ['task', ['tasks', 'reminders']],
    ['due reminder', ['reminders', 'tasks']],
    ['examen', ['grades-es']],
    ['examenes', ['grades-es']],
    ['计时器', ['zh-timer']],
    ['专注', ['zh-timer']],
    ['タイマー', ['ja-timer']],
    ['成績', ['ja-grades']],
    ['集中', ['ja-timer']],
    ['timer nothing', []],
    ['', []],
    ['xyz', []],
  ])('%j finds %j in that order', (query, expected) => {
    expect(slugs(query)).toEqual(expected);
  });

  it('ranks a title hit above a body hit', () => {
    const [first, second] = searchArticles(ARTICLES, 'reminder');
    expect(first?.article.slug).toBe('reminders');
    expect(first?.score).toBeGreaterThan(second?.score ?? Infinity);
  });
});

describe('highlightParts', () => {
  it.each([
    ['Use the focus timer', 'timer', ['Use the focus ', 'timer']],
    ['Use the focus timer', 'TIM', ['Use the focus ', 'tim', 'er']],
    ['Calificación de exámenes', 'examen', ['Calificación de ', 'exámen', 'es']],
    ['使用专注计时器', '计时器', ['使用专注', '计时器']],
    ['集中タイマーの使い方', 'タイマー', ['集中', 'タイマー', 'の使い方']],
    ['Create a task', 'ask', ['Create a task']],
    ['Create a task', '', ['Create a task']],
    ['Timer tips', 'timer', ['', 'Timer', ' tips']],
  ])('%s with %j → %j', (text, query, expected) => {
    expect(highlightParts(text, query)).toEqual(expected);
  });
});
