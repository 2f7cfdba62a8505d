// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterNextPaint } from '../../../src/portal/ui/scheduling/after-start';

describe('afterNextPaint', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('runs after the next frame, in a task of its own, not within the frame', () => {
    vi.useFakeTimers();
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
    const run = vi.fn();
    afterNextPaint(run);
    vi.runAllTimers();
    expect(run).not.toHaveBeenCalled();
    frames.shift()!(0);
    expect(run).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(run).toHaveBeenCalledOnce();
  });

  it('is cancelled before the frame and after it', () => {
    vi.useFakeTimers();
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
    const cancelFrame = vi.spyOn(window, 'cancelAnimationFrame').mockImplementation(() => undefined);
    const early = vi.fn();
    afterNextPaint(early)();
    expect(cancelFrame).toHaveBeenCalledOnce();
    const late = vi.fn();
    const cancel = afterNextPaint(late);
    frames.at(-1)!(0);
    cancel();
    vi.runAllTimers();
    expect(late).not.toHaveBeenCalled();
  });

  it('does not wait for a frame on a hidden page, which paints none', () => {
    vi.useFakeTimers();
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const frame = vi.spyOn(window, 'requestAnimationFrame');
    const run = vi.fn();
    afterNextPaint(run);
    vi.runAllTimers();
    expect(run).toHaveBeenCalledOnce();
    expect(frame).not.toHaveBeenCalled();
  });
});
