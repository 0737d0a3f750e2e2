import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { RouterContextProvider } from 'react-router';
import { describe, expect, it, test, vi } from 'vitest';
import { PackedText } from '../components/packed-text.tsx';
import { serverContext } from '../context.ts';
import { pack, scriptContent, unpack, type Packed } from './packed.ts';

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

describe('a first load: the text written once into the page', () => {
  const firstLoad = (first: boolean) => {
    const context = new RouterContextProvider();
    context.set(serverContext, {
      transport: async () => ({ code: 200, msg: '', data: null }),
      cspNonce: '',
      firstLoad: first,
    });
    return context;
  };
  const course = { id: '7', courseName: '课程 </script><script>alert(1)</script> <!-- 注释', intro: 'a\u2028b' };

  it('travels in the loader data as the element id only, the server reading its own objects', () => {
    const packing = pack({ course }, { script: 'qk-page-data' }, firstLoad(true));
    expect(packing).toEqual({ script: 'qk-page-data' });
    expect(unpack(packing).course).toBe(course);
  });

  it('travels as the text on a navigation, and where no element is named', () => {
    expect(Object.keys(pack({ course }, { script: 'qk-page-data' }, firstLoad(false)))).toEqual(['packed']);
    expect(Object.keys(pack({ course }, {}, firstLoad(true)))).toEqual(['packed']);
  });

  it('is written so that no value can end or change the script element, and reads back as the same value', () => {
    const packing = pack({ course }, { script: 'qk-page-data' }, firstLoad(true));
    const html = renderToString(createElement(PackedText, { of: packing }));
    expect(html).toMatch(/^<script type="application\/json" id="qk-page-data">[^<]*<\/script>$/);
    const content = html.slice(html.indexOf('>') + 1, html.lastIndexOf('</script>'));
    expect(JSON.parse(content)).toEqual({ course });
    expect(renderToString(createElement(PackedText, { of: pack({ course }) }))).toBe('');
  });

  it("is read in a browser from the page's element once, and drawn back as the same content", () => {
    const packing = pack({ course }, { script: 'qk-page-data' }, firstLoad(true));
    const content = scriptContent(packing);
    const reads: string[] = [];
    vi.stubGlobal('document', {
      getElementById: (id: string) => (reads.push(id), id === 'qk-page-data' ? { textContent: content } : null),
    });
    try {
      const sent = JSON.parse(JSON.stringify(packing)) as typeof packing;
      expect(unpack(sent)).toEqual({ course });
      expect(unpack(sent)).toBe(unpack(sent));
      expect(scriptContent(sent)).toBe(content);
      expect(reads).toEqual(['qk-page-data']);
      expect(() => unpack({ script: 'qk-gone' })).toThrow(/qk-gone/);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
