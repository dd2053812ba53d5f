import { describe, expect, it } from 'vitest';
import type { TemplateSummary } from '../../../common/schemas/templates.schema';
import { ApiError } from '../../lib/api-client';
import { downloadFailure, groupTemplates } from './templates-view';

const template = (id: TemplateSummary['id'], category: TemplateSummary['category']): TemplateSummary => ({
  id,
  category,
  format: 'pdf',
  name: id,
  description: '',
  fileName: `${id}.pdf`,
  size: 1,
});
const list = [
  template('weekly-timetable', 'scheduleTemplates'),
  template('cornell-notes', 'noteTaking'),
  template('term-calendar', 'scheduleTemplates'),
];

describe('groupTemplates', () => {
  it('groups all templates by category in the catalogue order, leaving out empty categories', () => {
    expect(groupTemplates(list, 'all').map((group) => [group.category, group.templates.map((entry) => entry.id)])).toEqual([
      ['scheduleTemplates', ['weekly-timetable', 'term-calendar']],
      ['noteTaking', ['cornell-notes']],
    ]);
  });

  it('shows one category when filtered, and nothing for a category without templates', () => {
    expect(groupTemplates(list, 'noteTaking').map((group) => group.category)).toEqual(['noteTaking']);
    expect(groupTemplates(list, 'examPrep')).toEqual([]);
  });
});

describe('downloadFailure', () => {
  it('tells the premium refusal from any other failure', () => {
    const refusal = new ApiError(403, JSON.stringify({ code: 'premium_required', message: 'Premium Access Required - …' }), 'Forbidden');
    expect(downloadFailure(refusal)).toBe('premium');
    expect(downloadFailure(new ApiError(500, JSON.stringify({ code: 'internal', message: 'Failed to download file' }), 'Error'))).toBe(
      'failed',
    );
    expect(downloadFailure(new TypeError('network'))).toBe('failed');
  });
});
