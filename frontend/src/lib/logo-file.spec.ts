import { describe, expect, it } from 'vitest';
import { logoFileProblem } from './logo-file';

const MB = 1024 * 1024;
const MAX = 2 * MB;

describe('the generator’s logo check', () => {
  it('accepts PNG and JPG files up to 2 MB', () => {
    expect(logoFileProblem({ name: 'logo.png', type: 'image/png', size: 2 * MB }, MAX)).toBeNull();
    expect(logoFileProblem({ name: 'logo.jpeg', type: 'image/jpeg', size: 10 }, MAX)).toBeNull();
    // Some systems send no type; the extension decides.
    expect(logoFileProblem({ name: 'LOGO.JPG', type: '', size: 10 }, MAX)).toBeNull();
  });

  it('refuses a file over 2 MB with the spec message', () => {
    expect(logoFileProblem({ name: 'logo.png', type: 'image/png', size: 2 * MB + 1 }, MAX)).toEqual({
      title: 'File Too Large',
      description: 'Please select a file smaller than 2MB.',
    });
  });

  it('refuses other files, GIF and SVG included, with the spec message', () => {
    for (const file of [
      { name: 'notes.txt', type: 'text/plain', size: 5 },
      { name: 'anim.gif', type: 'image/gif', size: 5 },
      { name: 'logo.svg', type: 'image/svg+xml', size: 5 },
    ]) {
      expect(logoFileProblem(file, MAX)?.title).toBe('Invalid File Type');
    }
  });
});
