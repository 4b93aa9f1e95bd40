import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { collectionCreateSchema, collectionUpdateSchema } from './collections';
import { updateUserRequestSchema } from './session';
import { supportMessageSchema } from './support';
import { ONE_LINE_TEXT, PARAGRAPH_TEXT } from './text';
import { venueCreateSchema, venueUpdateSchema } from './venues';

/** Every C0 and C1 control character, DEL included. */
const CONTROLS = [
  ...Array.from({ length: 0x20 }, (_, i) => i),
  ...Array.from({ length: 0x21 }, (_, i) => 0x7f + i),
].map((code) => String.fromCharCode(code));
const LINE_BREAKS_AND_TAB = new Set(['\n', '\r', '\t']);

describe('the text rules of human-entered fields', () => {
  it('one line refuses every control character; paragraphs refuse all but line breaks and tabs', () => {
    for (const control of CONTROLS) {
      expect(ONE_LINE_TEXT.test(`Bar${control}Name`)).toBe(false);
      expect(PARAGRAPH_TEXT.test(`Bar${control}Name`)).toBe(LINE_BREAKS_AND_TAB.has(control));
    }
  });

  it('keeps any printable text, accents, emoji and joiners included', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 60 }), (text) => {
        const printable = [...text].filter((character) => !CONTROLS.includes(character)).join('');
        expect(ONE_LINE_TEXT.test(printable)).toBe(true);
        expect(PARAGRAPH_TEXT.test(printable)).toBe(true);
      }),
    );
    expect(ONE_LINE_TEXT.test('Café Négroni 🍸 — 👩‍🍳')).toBe(true);
  });

  it.each([
    ['a venue name', () => venueCreateSchema.safeParse({ name: 'The\r\nBar' })],
    ['a venue rename', () => venueUpdateSchema.safeParse({ name: 'The\u0000Bar' })],
    ['a collection name', () => collectionCreateSchema.safeParse({ name: 'Sours\nBcc: x' })],
    ['a collection rename', () => collectionUpdateSchema.safeParse({ name: 'Sours\u0085' })],
    ['a display name', () => updateUserRequestSchema.safeParse({ name: 'Sam\r\nAdmin' })],
  ])('refuses control characters in %s, naming the field', (_, parse) => {
    const parsed = parse();
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toMatch(/must be one line of text, without control characters$/);
  });

  it('lets descriptions and messages run over lines, and refuses other control characters in them', () => {
    expect(collectionCreateSchema.safeParse({ name: 'Sours', description: 'Bright.\nSharp.' }).success).toBe(true);
    expect(collectionCreateSchema.safeParse({ name: 'Sours', description: 'Bell\u0007' }).success).toBe(false);
    const message = { email: 'sam@example.test', message: 'Line one\r\nLine two' };
    expect(supportMessageSchema.safeParse(message).success).toBe(true);
    expect(supportMessageSchema.safeParse({ ...message, message: 'Escape\u001b[31m' }).success).toBe(false);
  });
});
