// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HELD_PRELOAD_ATTRIBUTE, modulePreloadLink, stylePreloadLink } from '../../common/domain/first-route-needs';

// web/public/theme-boot.js, inlined into every document (decision 161), starts a signed-in document's held
// preloads once its frame has painted (decision 270).
const themeBoot = readFileSync(path.join(import.meta.dirname, '../public/theme-boot.js'), 'utf8');

function documentWithHeldPreloads(): void {
  document.head.innerHTML = [
    '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/rolldown-runtime-1.js">',
    modulePreloadLink('/assets/app-2.js'),
    stylePreloadLink('/assets/calendar-grid-3.css', '(min-width: 640px)'),
  ].join('');
}
const started = () =>
  [...document.querySelectorAll<HTMLLinkElement>('link')].map((link) => [
    link.rel,
    link.getAttribute('href'),
    link.hasAttribute(HELD_PRELOAD_ATTRIBUTE),
  ]);

describe("theme-boot.js's held preloads (decision 270)", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('are given their rel in the task after the first frame once the document is parsed, not before', () => {
    vi.useFakeTimers();
    documentWithHeldPreloads();
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    new Function(themeBoot)();
    expect(started()).toEqual([
      ['modulepreload', '/assets/rolldown-runtime-1.js', false],
      ['', '/assets/app-2.js', true],
      ['', '/assets/calendar-grid-3.css', true],
    ]);
    expect(frames).toHaveLength(1);
    frames[0]?.(0);
    expect(started()[1]).toEqual(['', '/assets/app-2.js', true]);
    vi.runAllTimers();
    expect(started()).toEqual([
      ['modulepreload', '/assets/rolldown-runtime-1.js', false],
      ['modulepreload', '/assets/app-2.js', false],
      ['preload', '/assets/calendar-grid-3.css', false],
    ]);
    // What else the link says is kept: the browser fetches at the priority, for the media, it names.
    expect(document.querySelector('link[href="/assets/app-2.js"]')?.getAttribute('fetchpriority')).toBe('low');
    expect(document.querySelector('link[href="/assets/calendar-grid-3.css"]')?.getAttribute('media')).toBe('(min-width: 640px)');
  });

  it('are started a few a task, not all in one long task', () => {
    vi.useFakeTimers();
    document.head.innerHTML = Array.from({ length: 10 }, (_, index) => modulePreloadLink(`/assets/chunk-${index}.js`)).join('');
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    new Function(themeBoot)();
    const startedCount = () => document.querySelectorAll('link[rel="modulepreload"]').length;
    expect(startedCount()).toBe(4);
    vi.advanceTimersToNextTimer();
    expect(startedCount()).toBe(8);
    vi.runAllTimers();
    expect(startedCount()).toBe(10);
    expect(document.querySelectorAll('link[data-after-paint]')).toHaveLength(0);
  });

  it('wait for the parse to end', () => {
    documentWithHeldPreloads();
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const readyState = vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    new Function(themeBoot)();
    expect(started()[1]).toEqual(['', '/assets/app-2.js', true]);
    readyState.mockReturnValue('interactive');
    document.dispatchEvent(new Event('readystatechange'));
    // A hidden tab paints no frames: they start when the parse ends.
    expect(started()[1]).toEqual(['modulepreload', '/assets/app-2.js', false]);
  });
});
