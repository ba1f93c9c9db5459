/**
 * A QR code (ISO/IEC 18004) of one text, byte mode, error correction level M: what the printed cards
 * carry (the rendering service's `qrcode` encode, same mode and level), drawn by the voucher page so a
 * till can scan the member's screen. Written here, about 2 KB brotli, because the `qrcode` package
 * would add about 9 KB to the page a member's phone loads (its budget is in e2e/voucher-phone).
 * The algorithm follows Project Nayuki's reference encoder (MIT); the unit test compares every module
 * with the `qrcode` package's matrix for the same text and mask.
 */

/** Level M's error correction codewords per block and block count, by version (index 0 unused). */
const ECC_PER_BLOCK = [
  -1, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26, 26, 28, 28, 28, 28, 28,
  28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28,
];
const BLOCKS = [
  -1, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20, 21, 23, 25, 26, 28,
  29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49,
];
/** Level M in the format information (L 1, M 0, Q 3, H 2). */
const FORMAT_LEVEL_BITS = 0;

export interface QrSymbol {
  size: number;
  /** Row-major, `size * size` entries, true = dark. */
  dark: boolean[];
}

const bit = (value: number, i: number) => ((value >>> i) & 1) !== 0;

function rawDataModules(version: number): number {
  let result = (16 * version + 128) * version + 64;
  if (version >= 2) {
    const align = Math.floor(version / 7) + 2;
    result -= (25 * align - 10) * align - 55;
    if (version >= 7) result -= 36;
  }
  return result;
}

const dataCodewords = (version: number) =>
  Math.floor(rawDataModules(version) / 8) - ECC_PER_BLOCK[version]! * BLOCKS[version]!;

/** GF(256) multiplication modulo x^8 + x^4 + x^3 + x^2 + 1. */
function gfMultiply(x: number, y: number): number {
  let z = 0;
  for (let i = 7; i >= 0; i--) {
    z = (z << 1) ^ ((z >>> 7) * 0x11d);
    z ^= ((y >>> i) & 1) * x;
  }
  return z;
}

function reedSolomonDivisor(degree: number): number[] {
  const result = new Array<number>(degree).fill(0);
  result[degree - 1] = 1;
  let root = 1;
  for (let i = 0; i < degree; i++) {
    for (let j = 0; j < degree; j++) {
      result[j] = gfMultiply(result[j]!, root);
      if (j + 1 < degree) result[j]! ^= result[j + 1]!;
    }
    root = gfMultiply(root, 2);
  }
  return result;
}

function reedSolomonRemainder(data: number[], divisor: number[]): number[] {
  const result = divisor.map(() => 0);
  for (const b of data) {
    const factor = b ^ result.shift()!;
    result.push(0);
    divisor.forEach((coefficient, i) => (result[i]! ^= gfMultiply(coefficient, factor)));
  }
  return result;
}

/** The data codewords of one byte-mode segment, padded to the version's capacity. */
function dataBytes(bytes: Uint8Array, version: number): number[] {
  const bits: number[] = [];
  const append = (value: number, length: number) => {
    for (let i = length - 1; i >= 0; i--) bits.push((value >>> i) & 1);
  };
  append(4, 4);
  append(bytes.length, version < 10 ? 8 : 16);
  bytes.forEach((b) => append(b, 8));
  const capacity = dataCodewords(version) * 8;
  append(0, Math.min(4, capacity - bits.length));
  append(0, (8 - (bits.length % 8)) % 8);
  for (let pad = 0xec; bits.length < capacity; pad ^= 0xec ^ 0x11) append(pad, 8);
  const result: number[] = [];
  for (let i = 0; i < bits.length; i += 8)
    result.push(bits.slice(i, i + 8).reduce((a, b) => (a << 1) | b, 0));
  return result;
}

/** Splits the data into blocks, adds each block's error correction, and interleaves them. */
function withErrorCorrection(data: number[], version: number): number[] {
  const blockCount = BLOCKS[version]!;
  const eccLength = ECC_PER_BLOCK[version]!;
  const raw = Math.floor(rawDataModules(version) / 8);
  const shortBlocks = blockCount - (raw % blockCount);
  const shortLength = Math.floor(raw / blockCount);
  const divisor = reedSolomonDivisor(eccLength);
  const blocks: number[][] = [];
  for (let i = 0, k = 0; i < blockCount; i++) {
    const block = data.slice(k, k + shortLength - eccLength + (i < shortBlocks ? 0 : 1));
    k += block.length;
    const ecc = reedSolomonRemainder(block, divisor);
    if (i < shortBlocks) block.push(0);
    blocks.push(block.concat(ecc));
  }
  const result: number[] = [];
  for (let i = 0; i < blocks[0]!.length; i++)
    blocks.forEach((block, j) => {
      if (i !== shortLength - eccLength || j >= shortBlocks) result.push(block[i]!);
    });
  return result;
}

function alignmentPositions(version: number, size: number): number[] {
  if (version === 1) return [];
  const count = Math.floor(version / 7) + 2;
  const step = Math.floor((version * 8 + count * 3 + 5) / (count * 4 - 4)) * 2;
  const result = [6];
  for (let pos = size - 7; result.length < count; pos -= step) result.splice(1, 0, pos);
  return result;
}

const MASKS: ReadonlyArray<(x: number, y: number) => boolean> = [
  (x, y) => (x + y) % 2 === 0,
  (_x, y) => y % 2 === 0,
  (x) => x % 3 === 0,
  (x, y) => (x + y) % 3 === 0,
  (x, y) => (Math.floor(x / 3) + Math.floor(y / 2)) % 2 === 0,
  (x, y) => ((x * y) % 2) + ((x * y) % 3) === 0,
  (x, y) => (((x * y) % 2) + ((x * y) % 3)) % 2 === 0,
  (x, y) => (((x + y) % 2) + ((x * y) % 3)) % 2 === 0,
];

/** The symbol for `codewords` at `version` with `mask`. */
function draw(codewords: number[], version: number, mask: number): QrSymbol {
  const size = version * 4 + 17;
  const dark = new Array<boolean>(size * size).fill(false);
  const fixed = new Array<boolean>(size * size).fill(false);
  const set = (x: number, y: number, value: boolean) => {
    dark[y * size + x] = value;
    fixed[y * size + x] = true;
  };

  for (let i = 0; i < size; i++) {
    set(6, i, i % 2 === 0);
    set(i, 6, i % 2 === 0);
  }
  for (const [cx, cy] of [
    [3, 3],
    [size - 4, 3],
    [3, size - 4],
  ] as const) {
    for (let dy = -4; dy <= 4; dy++)
      for (let dx = -4; dx <= 4; dx++) {
        const distance = Math.max(Math.abs(dx), Math.abs(dy));
        const x = cx + dx;
        const y = cy + dy;
        if (x >= 0 && x < size && y >= 0 && y < size) set(x, y, distance !== 2 && distance !== 4);
      }
  }
  const align = alignmentPositions(version, size);
  const last = align.length - 1;
  align.forEach((ax, i) =>
    align.forEach((ay, j) => {
      if ((i === 0 && j === 0) || (i === 0 && j === last) || (i === last && j === 0)) return;
      for (let dy = -2; dy <= 2; dy++)
        for (let dx = -2; dx <= 2; dx++) set(ax + dx, ay + dy, Math.max(Math.abs(dx), Math.abs(dy)) !== 1);
    }),
  );

  // Format information (level and mask, BCH-protected), both copies, and the dark module.
  const format = (FORMAT_LEVEL_BITS << 3) | mask;
  let rem = format;
  for (let i = 0; i < 10; i++) rem = (rem << 1) ^ ((rem >>> 9) * 0x537);
  const formatBits = ((format << 10) | rem) ^ 0x5412;
  for (let i = 0; i <= 5; i++) set(8, i, bit(formatBits, i));
  set(8, 7, bit(formatBits, 6));
  set(8, 8, bit(formatBits, 7));
  set(7, 8, bit(formatBits, 8));
  for (let i = 9; i < 15; i++) set(14 - i, 8, bit(formatBits, i));
  for (let i = 0; i < 8; i++) set(size - 1 - i, 8, bit(formatBits, i));
  for (let i = 8; i < 15; i++) set(8, size - 15 + i, bit(formatBits, i));
  set(8, size - 8, true);

  // Version information from version 7.
  if (version >= 7) {
    let v = version;
    for (let i = 0; i < 12; i++) v = (v << 1) ^ ((v >>> 11) * 0x1f25);
    const versionBits = (version << 12) | v;
    for (let i = 0; i < 18; i++) {
      const a = size - 11 + (i % 3);
      const b = Math.floor(i / 3);
      set(a, b, bit(versionBits, i));
      set(b, a, bit(versionBits, i));
    }
  }

  // The codewords in the zigzag, masked.
  let i = 0;
  for (let right = size - 1; right >= 1; right -= 2) {
    if (right === 6) right = 5;
    for (let vertical = 0; vertical < size; vertical++)
      for (let j = 0; j < 2; j++) {
        const x = right - j;
        const y = ((right + 1) & 2) === 0 ? size - 1 - vertical : vertical;
        const at = y * size + x;
        if (fixed[at]) continue;
        const value = i < codewords.length * 8 && bit(codewords[i >>> 3]!, 7 - (i & 7));
        i++;
        dark[at] = value !== MASKS[mask]!(x, y);
      }
  }
  return { size, dark };
}

/** The standard's penalty of a masked symbol (rules 1-4); the lowest is the mask to use. */
export function penalty({ size, dark }: QrSymbol): number {
  let score = 0;
  const at = (x: number, y: number) => dark[y * size + x]!;
  for (const horizontal of [true, false]) {
    for (let a = 0; a < size; a++) {
      let run = 0;
      let line = '';
      for (let b = 0; b < size; b++) {
        const value = horizontal ? at(b, a) : at(a, b);
        line += value ? '1' : '0';
        if (b > 0 && value === (horizontal ? at(b - 1, a) : at(a, b - 1))) run++;
        else {
          if (run >= 5) score += run - 2;
          run = 1;
        }
      }
      if (run >= 5) score += run - 2;
      // Finder-like 1:1:3:1:1 with four light modules on one side (the quiet zone counts as light).
      const padded = `0000${line}0000`;
      for (const pattern of ['00001011101', '10111010000'])
        for (let k = padded.indexOf(pattern); k >= 0; k = padded.indexOf(pattern, k + 1)) score += 40;
    }
  }
  for (let y = 0; y + 1 < size; y++)
    for (let x = 0; x + 1 < size; x++) {
      const c = at(x, y);
      if (c === at(x + 1, y) && c === at(x, y + 1) && c === at(x + 1, y + 1)) score += 3;
    }
  const darkCount = dark.filter(Boolean).length;
  score += Math.floor(Math.abs(darkCount * 20 - dark.length * 10) / dark.length) * 10;
  return score;
}

/**
 * The QR code of `text` at the smallest version that holds it (up to 40), with the given mask or the
 * one of lowest penalty. Null when the text is too long for any version.
 */
export function encodeQr(text: string, mask?: number): QrSymbol | null {
  const bytes = new TextEncoder().encode(text);
  let version = 1;
  while (version <= 40 && 4 + (version < 10 ? 8 : 16) + bytes.length * 8 > dataCodewords(version) * 8)
    version++;
  if (version > 40) return null;
  const codewords = withErrorCorrection(dataBytes(bytes, version), version);
  if (mask !== undefined) return draw(codewords, version, mask);
  let best: QrSymbol | null = null;
  let bestScore = Infinity;
  for (let m = 0; m < 8; m++) {
    const symbol = draw(codewords, version, m);
    const score = penalty(symbol);
    if (score < bestScore) [best, bestScore] = [symbol, score];
  }
  return best;
}

/** One SVG path of the dark modules, a run of modules per command, offset by the quiet zone. */
export function qrPath({ size, dark }: QrSymbol, margin: number): string {
  let path = '';
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      if (!dark[y * size + x]) continue;
      let run = 1;
      while (x + run < size && dark[y * size + x + run]) run++;
      path += `M${x + margin} ${y + margin}h${run}v1h-${run}z`;
      x += run - 1;
    }
  return path;
}
