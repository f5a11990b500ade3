import { describe, expect, it } from 'vitest';
import { estimateText, indeterminate, jobPercent, phaseText, timeLeft, type JobView } from './tool-job';

const processing = (estimateMs: number | undefined, since = 1_000): JobView => ({
  stage: 'processing',
  estimateMs,
  processingSince: since,
});

describe('a tool job’s progress, in numbers and words', () => {
  it('fills the first 30% with the bytes uploaded, then steps through the server’s phases in order', () => {
    expect(jobPercent({ stage: 'uploading', sent: 0, total: 0 }, 0)).toBe(0);
    expect(jobPercent({ stage: 'uploading', sent: 50, total: 100 }, 0)).toBe(15);
    expect(jobPercent({ stage: 'uploading', sent: 100, total: 100 }, 0)).toBe(30);
    const steps = [
      jobPercent({ stage: 'queued' }, 0),
      jobPercent(processing(undefined), 0),
      jobPercent({ stage: 'encoding' }, 0),
      jobPercent({ stage: 'storing' }, 0),
      jobPercent({ stage: 'done' }, 0),
    ];
    expect(steps).toEqual([...steps].sort((a, b) => a - b));
    expect(steps.at(-1)).toBe(100);
  });

  it('moves through processing with the time spent against the estimate, and waits short of the next phase past it', () => {
    expect(jobPercent(processing(10_000), 1_000)).toBe(35);
    expect(jobPercent(processing(10_000), 6_000)).toBe(60);
    expect(jobPercent(processing(10_000), 11_000)).toBe(86);
    expect(jobPercent(processing(10_000), 60_000)).toBe(86);
    expect(jobPercent(processing(10_000), 60_000)).toBeLessThan(jobPercent({ stage: 'encoding' }, 0));
  });

  it('counts the estimate down in whole seconds, then says it is taking longer than usual instead of lying', () => {
    expect(timeLeft(processing(12_000), 1_000)).toBe(12);
    expect(timeLeft(processing(12_000), 1_400)).toBe(12);
    expect(timeLeft(processing(12_000), 12_500)).toBe(1);
    expect(timeLeft(processing(12_000), 13_000)).toBe('late');
    expect(estimateText(processing(12_000), 5_000)).toBe('About 8 s left');
    expect(estimateText(processing(12_000), 20_000)).toBe('Taking longer than usual…');
  });

  it('shows no estimate where the server measured none, or outside processing', () => {
    expect(timeLeft(processing(undefined), 5_000)).toBeNull();
    expect(estimateText({ stage: 'storing', estimateMs: 5_000 }, 5_000)).toBeNull();
  });

  it('says how long the work has run where there is no estimate, from 5 s on, and marks the bar as moving in place', () => {
    expect(estimateText(processing(undefined, 1_000), 5_999)).toBeNull();
    expect(estimateText(processing(undefined, 1_000), 6_000)).toBe('5 s so far');
    expect(estimateText(processing(undefined, 1_000), 71_400)).toBe('70 s so far');
    expect(jobPercent(processing(undefined, 1_000), 71_400)).toBe(60);
    expect(indeterminate(processing(undefined))).toBe(true);
    expect(indeterminate(processing(12_000))).toBe(false);
    expect(indeterminate({ stage: 'storing' })).toBe(false);
  });

  it('names each phase in words', () => {
    expect(phaseText({ stage: 'uploading', sent: 42, total: 100 }, 'upscale')).toBe('Uploading 42%');
    expect(phaseText({ stage: 'queued' }, 'upscale')).toBe('Waiting for a free worker');
    expect(phaseText(processing(undefined), 'remove-background')).toBe('Removing the background…');
    expect(phaseText(processing(undefined), 'something-new')).toBe('Processing…');
    expect(phaseText({ stage: 'encoding' }, 'compress')).toBe('Encoding');
    expect(phaseText({ stage: 'storing' }, 'compress')).toBe('Saving');
  });
});
