import { describe, expect, it } from 'vitest';
import { queuedText } from './queue-text';

describe('a ZIP waiting for a worker', () => {
  it('says in plain words that it waits, and its place in the queue', () => {
    expect(queuedText(0)).toBe('Waiting in line: yours is next. It starts as soon as the server is free.');
    expect(queuedText(1)).toBe(
      'Waiting in line: 1 download is ahead of yours. It starts as soon as the server is free.',
    );
    expect(queuedText(3)).toContain('3 downloads are ahead of yours');
    expect(queuedText(null)).toBe('Waiting in line: your ZIP starts as soon as the server is free.');
  });
});
