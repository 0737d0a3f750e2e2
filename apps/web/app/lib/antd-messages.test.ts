import { createElement, useContext, type Context } from 'react';
import { renderToString } from 'react-dom/server';
import { expect, test } from 'vitest';
import { ConfigProvider, type ConfigProviderProps } from 'antd';
import zhCNModule from 'antd/locale/zh_CN.js';
import contextModule from 'antd/lib/form/validateMessagesContext.js';

/**
 * patches/antd+6.6.8.patch (decision 75): `ConfigProvider` keeps its merge of a locale's form messages per locale
 * instead of making it at every server render; the messages must stay the locale's, and a provider's own messages
 * must still be merged in.
 */
// Node loads antd's CommonJS build here (no "exports" in its package): the same provider and context as 'antd' itself
const cjsDefault = (m: unknown): unknown => (m as { default?: unknown }).default ?? m;
const zhCN = cjsDefault(zhCNModule) as ConfigProviderProps['locale'];
const ValidateMessagesContext = cjsDefault(contextModule) as Context<Record<string, unknown>>;

function seenUnder(props: Parameters<typeof ConfigProvider>[0]) {
  const seen: Record<string, unknown>[] = [];
  function Probe() {
    seen.push(useContext(ValidateMessagesContext));
    return null;
  }
  renderToString(createElement(ConfigProvider, props, createElement(Probe)));
  return seen[0]!;
}

test("a locale's form messages are its own, merged once for every render", () => {
  const first = seenUnder({ locale: zhCN });
  expect(first.required).toBe('请输入${label}');
  expect((first.types as Record<string, string>).email).toBe('${label}不是一个有效的${type}');
  expect(seenUnder({ locale: zhCN })).toBe(first);
});

test("a provider's own messages are merged over the locale's", () => {
  const own = seenUnder({ locale: zhCN, form: { validateMessages: { required: '必填：${label}' } } });
  expect(own.required).toBe('必填：${label}');
  expect((own.types as Record<string, string>).email).toBe('${label}不是一个有效的${type}');
});
