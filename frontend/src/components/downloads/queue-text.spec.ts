import type { Words } from '@avpass/contracts/i18n/voucher-words';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MessageId } from '@/i18n/message-id';
import { wordsIn } from '@/i18n/test-words';
import { estimateSecondsLeft, queuedText, renderingText, timeLeftText } from './queue-text';

let en: Words<MessageId>;
let es: Words<MessageId>;
beforeAll(async () => {
  [en, es] = await Promise.all([wordsIn('en'), wordsIn('es')]);
});

describe('a ZIP waiting for a worker', () => {
  it('says in plain words that it waits, and its place in the queue', () => {
    expect(queuedText(0, en)).toBe(
      'Waiting in line: yours is next. It starts as soon as the server is free.',
    );
    expect(queuedText(1, en)).toBe(
      'Waiting in line: 1 download is ahead of yours. It starts as soon as the server is free.',
    );
    expect(queuedText(3, en)).toContain('3 downloads are ahead of yours');
    expect(queuedText(null, en)).toBe('Waiting in line: your ZIP starts as soon as the server is free.');
    expect(queuedText(3, es)).toContain('3 descargas antes que la suya');
    expect(queuedText(1, es)).toContain('1 descarga antes que la suya');
  });
});

describe('a large ZIP in progress', () => {
  it('tells the time left in plain words', () => {
    expect(timeLeftText(20, en)).toBe('less than a minute left');
    expect(timeLeftText(70, en)).toBe('about 1 minute left');
    expect(timeLeftText(12 * 60 + 10, en)).toBe('about 12 minutes left');
    expect(timeLeftText(2 * 3600 + 5 * 60, en)).toBe('about 2 h 05 min left');
    expect(timeLeftText(12 * 60 + 10, es)).toBe('quedan unos 12 minutos');
  });

  it('estimates from the rate seen so far, once it has run a few seconds', () => {
    const first = { at: 0, done: 0 };
    expect(estimateSecondsLeft(first, { at: 2000, done: 500 }, 100_000)).toBeNull();
    expect(estimateSecondsLeft(first, { at: 10_000, done: 0 }, 100_000)).toBeNull();
    // 1,000 codes in 10 s: 99,000 left at 100 per second.
    expect(estimateSecondsLeft(first, { at: 10_000, done: 1000 }, 100_000)).toBe(990);
    expect(estimateSecondsLeft(first, { at: 10_000, done: 100_000 }, 100_000)).toBeNull();
  });

  it('shows counts with separators, the time left, then the assembly', () => {
    expect(renderingText(2500, 100_000, 2, 990, en)).toBe(
      'Rendering 2,500 of 100,000 (2%) · about 17 minutes left',
    );
    expect(renderingText(3, 10, 30, null, en)).toBe('Rendering 3 of 10 (30%)');
    expect(renderingText(100_000, 100_000, 99, null, en)).toBe('Putting the ZIP together (100,000 files)...');
    expect(renderingText(3, 10, 30, null, es)).toBe('Generando 3 de 10 (30 %)');
  });
});
