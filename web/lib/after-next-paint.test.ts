// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterNextPaint } from './after-next-paint';

afterEach(() => vi.restoreAllMocks());

describe('afterNextPaint', () => {
  it('runs after a frame, in a task of its own; cancelled, never', async () => {
    const order: string[] = [];
    afterNextPaint(() => order.push('after the paint'));
    const cancel = afterNextPaint(() => order.push('cancelled'));
    cancel();
    requestAnimationFrame(() => order.push('frame'));
    await vi.waitFor(() => expect(order).toContain('after the paint'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(order).toEqual(['frame', 'after the paint']);
  });

  it('in a hidden tab, which paints no frames, runs in a task without waiting for one', async () => {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const frame = vi.spyOn(window, 'requestAnimationFrame');
    let ran = false;
    afterNextPaint(() => (ran = true));
    expect(ran).toBe(false);
    await vi.waitFor(() => expect(ran).toBe(true));
    expect(frame).not.toHaveBeenCalled();
  });
});
