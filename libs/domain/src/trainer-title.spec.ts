import { describe, expect, it } from 'vitest';
import { hasTrainerNamePlaceholder, trainerTitleFor, trainerTitleTemplate } from './trainer-title';

describe('a trainer code title is a template', () => {
  it('puts each trainer name where {name} stands', () => {
    expect(trainerTitleFor("{name}'s Training Discount", 'Ann Lee')).toBe("Ann Lee's Training Discount");
    expect(trainerTitleFor('{Name} x { name }', ' Bo ')).toBe('Bo x Bo');
  });

  it('keeps a title without {name} the same for everyone', () => {
    expect(trainerTitleFor('Summer Special', 'Ann')).toBe('Summer Special');
    expect(hasTrainerNamePlaceholder('Summer Special')).toBe(false);
    expect(hasTrainerNamePlaceholder('Hi {NAME}')).toBe(true);
  });

  it('does not read $ or $& in a name as a replacement pattern', () => {
    expect(trainerTitleFor('{name} deal', 'A$&B')).toBe('A$&B deal');
  });

  it('turns a title written for one trainer back into the template', () => {
    expect(trainerTitleTemplate("Ann Lee's Discount", 'Ann Lee')).toBe("{name}'s Discount");
    expect(trainerTitleTemplate('ANN LEE special', 'ann lee')).toBe('{name} special');
    // Part of another word is not the name; a template or a blank name stays as it is.
    expect(trainerTitleTemplate('Annual pass', 'Ann')).toBe('Annual pass');
    expect(trainerTitleTemplate('{name} pass', 'Ann')).toBe('{name} pass');
    expect(trainerTitleTemplate('Ann pass', '  ')).toBe('Ann pass');
  });
});
