const ACCEPTED_TYPES = ['image/png', 'image/jpeg'];
const ACCEPTED_EXTENSIONS = /\.(png|jpe?g)$/i;

/**
 * Spec section 5: PNG/JPG/JPEG only, at most `maxBytes` (2 MB, LOGO_MAX_BYTES). Checked in the browser for a quick answer; the
 * server checks the bytes themselves again.
 */
export function logoFileProblem(
  file: Pick<File, 'name' | 'type' | 'size'>,
  maxBytes: number,
): {
  title: string;
  description: string;
} | null {
  if (!ACCEPTED_TYPES.includes(file.type) && !ACCEPTED_EXTENSIONS.test(file.name)) {
    return { title: 'Invalid File Type', description: 'Please select an image file (PNG, JPG, JPEG).' };
  }
  if (file.size > maxBytes) {
    return {
      title: 'File Too Large',
      description: `Please select a file smaller than ${Math.round(maxBytes / (1024 * 1024))}MB.`,
    };
  }
  return null;
}
