import { createElement } from 'react';
import { expect, test } from 'vitest';
import { escapeAttribute, withValue } from './kept-markup.ts';
import { ServerMarkupKeeper } from './markup-keeper.tsx';

test('markup is rendered once for an owner, key and deps, and again when a dep is another object', () => {
  const keeper = new ServerMarkupKeeper();
  const owner = {};
  let draws = 0;
  const draw = (text: string) => () => (draws++, createElement('p', null, '地址：', text));
  const deps = [['a']];
  const first = keeper.markup(owner, 'footer', deps, draw('学院路'));
  expect(first).toBe('<p>地址：<!-- -->学院路</p>');
  expect(keeper.markup(owner, 'footer', [deps[0]], draw('学院路'))).toBe(first);
  expect(draws).toBe(1);
  expect(keeper.markup(owner, 'footer', [['a']], draw('海淀'))).toBe('<p>地址：<!-- -->海淀</p>');
  expect(keeper.markup(owner, 'header', [deps[0]], draw('学院路'))).toBe(first);
  expect(draws).toBe(3);
});

test('markup that would put a resource in the head is refused', () => {
  const keeper = new ServerMarkupKeeper();
  expect(() => keeper.markup({}, 'qr', [], () => createElement('img', { src: '/qr.png', alt: '' }))).toThrow(/hoists/);
  expect(keeper.markup({}, 'qr', [], () => createElement('img', { src: '/qr.png', alt: '', loading: 'lazy' }))).toBe(
    '<img src="/qr.png" alt="" loading="lazy"/>',
  );
});

test('a value put into kept markup is escaped as React escapes an attribute', () => {
  expect(escapeAttribute(`/a?b=1&c="2"'<>`)).toBe('/a?b=1&amp;c=&quot;2&quot;&#x27;&lt;&gt;');
  expect(withValue('<a href="/__m__">x</a>', '/__m__', '/s?k=$&')).toBe('<a href="/s?k=$&amp;">x</a>');
  expect(withValue('<p>/__m__</p><a href="/__m__">x</a>', '/__m__', '/h5')).toBe('<p>/__m__</p><a href="/h5">x</a>');
});
