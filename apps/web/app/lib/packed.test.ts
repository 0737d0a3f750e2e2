import { expect, test } from 'vitest';
import { pack, unpack, type Packed } from './packed.ts';

test('a packed answer is one JSON text; the server reads its own objects, a browser the text, once', () => {
  const course = { id: '7', courseName: '数据分析 "入门"', chapterList: [{ id: '8', periodList: [] }] };
  const packing = pack({ course, viewer: false });
  expect(Object.keys(packing)).toEqual(['packed']);
  expect(typeof packing.packed).toBe('string');
  expect(unpack(packing).course).toBe(course);

  // as the browser's router hands it over: a new object with the same text
  const sent = JSON.parse(JSON.stringify(packing)) as Packed<{ course: typeof course; viewer: boolean }>;
  const read = unpack(sent);
  expect(read).toEqual({ course, viewer: false });
  expect(read.course).not.toBe(course);
  expect(unpack(sent)).toBe(read);
});
