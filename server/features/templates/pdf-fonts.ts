import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Language } from '../../../common/domain/languages';

/**
 * The faces template PDFs are set in (docs/decisions/172). Japanese in Noto Sans JP, Chinese in Noto
 * Sans SC; the four Latin-script languages take their letters and punctuation from Noto Sans JP (its
 * quotes, apostrophe and middle dot are proportional; Noto Sans SC's are a full em wide, "l’examen"
 * with a gap) and any Chinese characters in them (a course name) from Noto Sans SC. A character the
 * chosen face lacks comes from the other one.
 */

const require = createRequire(import.meta.url);

export type FamilyName = 'sc' | 'jp';
export type Weight = 'regular' | 'bold';

const FONT_FILES: Record<FamilyName, Record<Weight, string>> = {
  sc: {
    regular: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
    bold: '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
  },
  jp: {
    regular: '@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf',
    bold: '@expo-google-fonts/noto-sans-jp/700Bold/NotoSansJP_700Bold.ttf',
  },
};

export type FamilyPlan = { text: FamilyName; cjk: FamilyName };

/** The face of a language's letters and punctuation, and the face of its Chinese characters and kana. */
export function familiesFor(language: Language): FamilyPlan {
  if (language === 'ja') return { text: 'jp', cjk: 'jp' };
  if (language === 'zh') return { text: 'sc', cjk: 'sc' };
  return { text: 'jp', cjk: 'sc' };
}

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Bopomofo}\u3000-\u303F\uFF00-\uFFEF]/u;

/** The face the plan sets a character in. */
export function plannedFamily(char: string, plan: FamilyPlan): FamilyName {
  return CJK.test(char) ? plan.cjk : plan.text;
}

/**
 * The face a character is drawn in: the plan's, else the other one when only it has the glyph; null
 * when neither has it.
 */
export function familyOf(char: string, plan: FamilyPlan, has: (family: FamilyName, code: number) => boolean): FamilyName | null {
  const code = char.codePointAt(0) ?? 0;
  const planned = plannedFamily(char, plan);
  if (has(planned, code)) return planned;
  const other: FamilyName = planned === 'jp' ? 'sc' : 'jp';
  return has(other, code) ? other : null;
}

const u16 = (bytes: Uint8Array, at: number) => ((bytes[at] ?? 0) << 8) | (bytes[at + 1] ?? 0);
const u32 = (bytes: Uint8Array, at: number) => u16(bytes, at) * 0x10000 + u16(bytes, at + 2);
const pad4 = (length: number) => (length + 3) & ~3;

function checksum(bytes: Uint8Array): number {
  let sum = 0;
  for (let at = 0; at < bytes.length; at += 4) sum = (sum + u32(bytes, at)) >>> 0;
  return sum;
}

/**
 * A TrueType font with every glyph padded to four bytes (and a long `loca`). fontkit's subsetter (the
 * one pdf-lib uses) writes a short `loca` (offsets halved) whenever the subset is under 128 KB, which is
 * only right when every glyph's length is even; the Noto Sans files store thousands of odd-length glyphs,
 * so each glyph after the first odd one was read from the wrong place and most letters drew nothing.
 * With even lengths any `loca` format is exact. Other fonts (no glyf/loca) come back unchanged.
 */
export function evenGlyphs(font: Uint8Array): Uint8Array {
  const count = u16(font, 4);
  const tables = Array.from({ length: count }, (_, index) => {
    const record = 12 + index * 16;
    const tag = String.fromCharCode(...font.subarray(record, record + 4));
    const offset = u32(font, record + 8);
    return { tag, bytes: font.subarray(offset, offset + u32(font, record + 12)) };
  });
  const find = (tag: string) => tables.find((table) => table.tag === tag);
  const head = find('head');
  const maxp = find('maxp');
  const loca = find('loca');
  const glyf = find('glyf');
  if (!head || !maxp || !loca || !glyf) return font;
  const glyphs = u16(maxp.bytes, 4);
  const long = u16(head.bytes, 50) === 1;
  const offsetOf = (index: number) => (long ? u32(loca.bytes, index * 4) : u16(loca.bytes, index * 2) * 2);

  let size = 0;
  for (let index = 0; index < glyphs; index++) size += pad4(offsetOf(index + 1) - offsetOf(index));
  const newGlyf = new Uint8Array(size);
  const newLoca = new Uint8Array((glyphs + 1) * 4);
  const locaView = new DataView(newLoca.buffer);
  let at = 0;
  for (let index = 0; index < glyphs; index++) {
    locaView.setUint32(index * 4, at);
    const start = offsetOf(index);
    const end = offsetOf(index + 1);
    newGlyf.set(glyf.bytes.subarray(start, end), at);
    at += pad4(end - start);
  }
  locaView.setUint32(glyphs * 4, at);
  const newHead = head.bytes.slice();
  new DataView(newHead.buffer).setInt16(50, 1); // indexToLocFormat: long
  new DataView(newHead.buffer).setUint32(8, 0); // checkSumAdjustment, set below
  glyf.bytes = newGlyf;
  loca.bytes = newLoca;
  head.bytes = newHead;

  const headerSize = 12 + count * 16;
  const total = tables.reduce((sum, table) => sum + pad4(table.bytes.length), headerSize);
  const out = new Uint8Array(total);
  const outView = new DataView(out.buffer);
  out.set(font.subarray(0, 12), 0);
  let offset = headerSize;
  tables.forEach((table, index) => {
    const record = 12 + index * 16;
    for (let char = 0; char < 4; char++) out[record + char] = table.tag.charCodeAt(char);
    outView.setUint32(record + 4, checksum(table.bytes));
    outView.setUint32(record + 8, offset);
    outView.setUint32(record + 12, table.bytes.length);
    out.set(table.bytes, offset);
    offset += pad4(table.bytes.length);
  });
  const headOffset = u32(out, 12 + tables.indexOf(head) * 16 + 8);
  outView.setUint32(headOffset + 8, (0xb1b0afba - checksum(out)) >>> 0);
  return out;
}

const loaded = new Map<string, Promise<Uint8Array>>();

/** A face's bytes (glyphs made even), read once per process: about 10 MB each, only used glyphs go into a file. */
export function loadFace(family: FamilyName, weight: Weight): Promise<Uint8Array> {
  const key = `${family}|${weight}`;
  let bytes = loaded.get(key);
  if (!bytes) {
    bytes = readFile(require.resolve(FONT_FILES[family][weight])).then((file) => evenGlyphs(file));
    bytes.catch(() => loaded.delete(key));
    loaded.set(key, bytes);
  }
  return bytes;
}
