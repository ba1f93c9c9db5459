import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The built React app's index.html, read once; null when the frontend is not built. */
export class SpaIndex {
  readonly html: string | null;

  constructor(readonly distDir: string) {
    const file = join(distDir, 'index.html');
    this.html = existsSync(file) ? readFileSync(file, 'utf8') : null;
  }
}
