import { describe, expect, it } from 'vitest';
import { DISPLAY_NAME_MAX } from '../../common/schemas/groups.schema';
import { parseDisplayName } from './display-name-field';

describe('a display name as the group forms check it (the server rule: displayNameSchema)', () => {
  it('is trimmed and kept when it is one line of 1 to 40 characters', async () => {
    expect(await parseDisplayName('  Mia R.  ')).toBe('Mia R.');
    expect(await parseDisplayName('x'.repeat(DISPLAY_NAME_MAX))).toBe('x'.repeat(DISPLAY_NAME_MAX));
  });

  it('is refused empty, too long, or with a line break or control character (the server would answer 400)', async () => {
    for (const raw of ['', '   ', 'x'.repeat(DISPLAY_NAME_MAX + 1), 'Mia\nR.', 'Mia\u0007'])
      expect(await parseDisplayName(raw), JSON.stringify(raw)).toBeNull();
  });
});
