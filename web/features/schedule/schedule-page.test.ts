import { beforeEach, describe, expect, it, vi } from 'vitest';

const openingViewLoaded = vi.fn(async (_view: string | null, _width: number) => undefined);
vi.mock('./calendar-tab', () => ({ CalendarTab: () => null, openingViewLoaded }));
const { openingCodeLoaded } = await import('./schedule-page');

const at = (url: string) => {
  const { pathname, search } = new URL(url, 'https://app.example');
  return { pathname, search };
};

// Decision 263: the route waits for the calendar's grid code only when the page opens on the calendar.
describe('the code /schedule opens with', () => {
  beforeEach(() => openingViewLoaded.mockClear());

  it("is the calendar's first view's when it opens on the calendar tab: the view the address names, else the window's", async () => {
    await openingCodeLoaded(at('/schedule'), 390);
    await openingCodeLoaded(at('/schedule?view=day'), 390);
    await openingCodeLoaded(at('/schedule?tab=calendar&view=month'), 1280);
    await openingCodeLoaded(at('/schedule?tab=nonsense'), 1280);
    expect(openingViewLoaded.mock.calls).toEqual([
      [null, 390],
      ['day', 390],
      ['month', 1280],
      [null, 1280],
    ]);
  });

  it('is none of the calendar’s on another tab, or one a quick action opens', async () => {
    for (const url of ['/schedule?tab=classes&view=day', '/schedule?tab=terms', '/schedule?new=term', '/schedule?new=class&view=month'])
      await openingCodeLoaded(at(url), 1280);
    expect(openingViewLoaded).not.toHaveBeenCalled();
  });

  it("reads no other page's parameters (a navigation from one): the window's first view", async () => {
    await openingCodeLoaded(at('/tasks?tab=done&view=day'), 390);
    expect(openingViewLoaded.mock.calls).toEqual([[null, 390]]);
  });
});
