const ACCEPTED_TYPES = ['image/png', 'image/jpeg'];
const ACCEPTED_EXTENSIONS = /\.(png|jpe?g)$/i;

/**
 * Spec section 5: PNG/JPG/JPEG only, at most `maxBytes` (2 MB, LOGO_MAX_BYTES). Checked in the browser for a quick answer; the
 * server checks the bytes themselves again. What is wrong, for a screen that says it in the reader's language.
 */
export function logoFileProblemKind(
  file: Pick<File, 'name' | 'type' | 'size'>,
  maxBytes: number,
): 'type' | 'size' | null {
  if (!ACCEPTED_TYPES.includes(file.type) && !ACCEPTED_EXTENSIONS.test(file.name)) return 'type';
  return file.size > maxBytes ? 'size' : null;
}

/** The file's size limit in whole megabytes, as the messages say it. */
export const megabytesOf = (bytes: number) => Math.round(bytes / (1024 * 1024));

/** logoFileProblemKind in English words (the screens not yet in the catalogs). */
export function logoFileProblem(
  file: Pick<File, 'name' | 'type' | 'size'>,
  maxBytes: number,
): {
  title: string;
  description: string;
} | null {
  const kind = logoFileProblemKind(file, maxBytes);
  if (kind === 'type')
    return { title: 'Invalid File Type', description: 'Please select an image file (PNG, JPG, JPEG).' };
  if (kind === 'size')
    return {
      title: 'File Too Large',
      description: `Please select a file smaller than ${megabytesOf(maxBytes)}MB.`,
    };
  return null;
}
