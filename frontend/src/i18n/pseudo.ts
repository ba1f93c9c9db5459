/**
 * The pseudo-locale (issue 42): every English message accented and about 40 % longer, in brackets, so
 * the e2e suite sees text a translation would cut or push out of its box. Works on compiled messages
 * (a string, or literal parts and placeholders `[name, type?, options?]`); placeholders keep their
 * names and plural branches are accented in turn. Loaded only when the pseudo-locale is chosen.
 */
type Compiled = string | CompiledPart[];
type CompiledPart = string | [string, string?, (Record<string, Compiled> | string)?];

const ACCENTED: Record<string, string> = Object.fromEntries(
  [...'abcdeghiklnorstuwyzABCDEGHIKLNORSTUWYZ'].map((c, i) => [
    c,
    [...'åƀçðéĝĥîķļñöŕšţûŵýžÅƁÇÐÉĜĤÎĶĻÑÖŔŠŢÛŴÝŽ'][i]!,
  ]),
);

const accent = (text: string) => text.replace(/[a-zA-Z]/g, (c) => ACCENTED[c] ?? c);
/** About 40 % more, in short runs a line may break between (a translation has no 70-letter words). */
const padding = (length: number) =>
  Array.from({ length: Math.max(1, Math.ceil((length * 0.4) / 5)) }, () => ' ~~~~').join('');

function accentParts(message: Compiled): Compiled {
  if (typeof message === 'string') return accent(message);
  return message.map((part): CompiledPart => {
    if (typeof part === 'string') return accent(part);
    const [name, type, options] = part;
    if (options && typeof options === 'object')
      return [name, type, Object.fromEntries(Object.entries(options).map(([k, v]) => [k, accentParts(v)]))];
    return part;
  });
}

const literalLength = (message: Compiled): number =>
  typeof message === 'string'
    ? message.length
    : message.reduce((n, p) => n + (typeof p === 'string' ? p.length : 6), 0);

export function pseudoMessages(english: Record<string, unknown>): Record<string, Compiled> {
  return Object.fromEntries(
    Object.entries(english as Record<string, Compiled>).map(([id, message]) => {
      const pad = padding(literalLength(message));
      const accented = accentParts(message);
      return [id, typeof accented === 'string' ? `[${accented}${pad}]` : ['[', ...accented, `${pad}]`]];
    }),
  );
}
