import { describe, expect, it } from 'vitest';
import { mergePeople } from './people';

describe('the audit person picker', () => {
  it('lists the people in the trail, then the users found by username, each once', () => {
    const inTrail = [{ id: 'u1', name: 'Sam Rivera' }];
    const found = [
      { id: 'u1', name: 'Sam Rivera', username: 'sam' },
      { id: 'u2', name: 'Samira Khan', username: 'samira' },
      { id: 'u3', name: 'samuel', username: 'samuel' },
    ];
    expect(mergePeople(inTrail, found)).toEqual([
      { id: 'u1', name: 'Sam Rivera' },
      // The username beside the name, so what was typed is in the label.
      { id: 'u2', name: 'Samira Khan (samira)' },
      { id: 'u3', name: 'samuel' },
    ]);
    expect(mergePeople([], [])).toEqual([]);
  });
});
