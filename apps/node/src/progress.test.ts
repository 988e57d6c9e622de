import { describe, expect, it } from 'vitest';
import { createProgress } from './progress.js';

describe('createProgress', () => {
  it('on a terminal, shows each step over the one before on one line, and ends it', () => {
    let written = '';
    const progress = createProgress({ isTTY: true, write: (text: string) => (written += text) });
    progress.step('upgrade: a (1/2)');
    progress.step('upgrade: b (2/2)');
    progress.done();
    expect(written).toBe('\r\x1b[Kupgrade: a (1/2)\r\x1b[Kupgrade: b (2/2)\n');
  });

  it('elsewhere, writes each step as a line of its own', () => {
    let written = '';
    const progress = createProgress({ write: (text: string) => (written += text) });
    progress.step('upgrade: a (1/2)');
    progress.done();
    expect(written).toBe('upgrade: a (1/2)\n');
  });
});
