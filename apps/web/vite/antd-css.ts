import { createRequire } from 'node:module';
import type * as ReactModule from 'react';
import type * as ReactDomServer from 'react-dom/server';
import type * as Antd from 'antd';
import type * as CssInJs from '@ant-design/cssinjs';
import type { Plugin } from 'vite';
import { antdTheme, publicAntdComponents } from '../app/styles/antd-theme.ts';

/**
 * Serves antd's styles as two static CSS modules, rendered once per build with antd's own style engine:
 * `virtual:antd-public.css` (the components of publicAntdComponents) and `virtual:antd-all.css` (every
 * component). Vite then emits them as hashed, immutable files, so no page carries per-request CSS-in-JS.
 * antd/dist/antd.css would also work but weighs ~110 KB gzipped, nearly half the home page's budget.
 */
const MODULES: Record<string, 'public' | 'all'> = {
  'virtual:antd-public.css': 'public',
  'virtual:antd-all.css': 'all',
};
// A resolved id that looks like a CSS file, so Vite's CSS pipeline picks it up and emits a hashed asset.
const RESOLVED_PREFIX = '\0qk-antd-';

// Components that are not styled blocks of their own, or whose demo render needs props we cannot invent.
const SKIP = new Set(['ConfigProvider', 'App', 'Grid', 'Row', 'Col', 'Layout', 'Tour', 'Watermark', 'Dropdown']);

const require = createRequire(import.meta.url);

function extract(which: 'public' | 'all'): string {
  const React = require('react') as typeof ReactModule;
  const { renderToString } = require('react-dom/server') as typeof ReactDomServer;
  const antd = require('antd') as Record<string, unknown> & typeof Antd;
  const { createCache, extractStyle, StyleProvider } = require('@ant-design/cssinjs') as typeof CssInJs;

  const names =
    which === 'public'
      ? [...publicAntdComponents]
      : Object.keys(antd)
          .filter((k) => /^[A-Z]/.test(k) && !SKIP.has(k))
          .concat(['message', 'notification', 'Dropdown']);
  const nodes = names.map((name) => {
    const component = antd[name] as { _InternalPanelDoNotUseOrYouWillBeFired?: ReactModule.ComponentType } | undefined;
    if (!component) throw new Error(`antd has no component named ${name} (apps/web/app/styles/antd-theme.ts)`);
    // Popups (message, Dropdown, Select …) render nothing on the server; their internal panel renders the popup.
    const type = (component._InternalPanelDoNotUseOrYouWillBeFired ?? component) as ReactModule.ComponentType;
    return React.createElement(type, { key: name });
  });
  // A Tag brings its colour styles (blue, green, success …) only when it has such a colour: render one of each kind.
  if (names.includes('Tag')) {
    nodes.push(
      React.createElement(antd.Tag, { key: 'Tag-preset', color: 'blue' }),
      React.createElement(antd.Tag, { key: 'Tag-status', color: 'success' }),
    );
  }
  const cache = createCache();
  const theme = { ...antdTheme, zeroRuntime: false };
  renderToString(
    React.createElement(StyleProvider, { cache }, React.createElement(antd.ConfigProvider, { theme }, nodes)),
  );
  return extractStyle(cache, { plain: true, types: ['style', 'token', 'cssVar'] });
}

export function antdCss(): Plugin {
  const cache = new Map<string, string>();
  return {
    name: 'qingke:antd-css',
    enforce: 'pre',
    resolveId(id) {
      const which = MODULES[id];
      return which ? `${RESOLVED_PREFIX}${which}.css` : undefined;
    },
    load: {
      filter: { id: /^\0qk-antd-/ },
      handler(id) {
        const which = id.slice(RESOLVED_PREFIX.length, -'.css'.length) as 'public' | 'all';
        let css = cache.get(which);
        if (css === undefined) {
          const quiet = console.error;
          // antd prints deprecation warnings for the bare demo renders; they say nothing about our code.
          console.error = () => {};
          try {
            css = extract(which);
          } finally {
            console.error = quiet;
          }
          cache.set(which, css);
        }
        return css;
      },
    },
  };
}
