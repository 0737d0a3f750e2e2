import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import { antdCss } from './apps/web/vite/antd-css.ts';
import { precompress } from './apps/web/vite/precompress.ts';
import { pureContract } from './apps/web/vite/pure-contract.ts';

export default defineConfig(({ command }) => ({
  plugins: [antdCss(), reactRouter(), pureContract(), precompress()],
  // Bundled into the server build so a process loads only the components pages use (decision 13); the dev
  // server loads them from node_modules as Node does, since Vite's SSR transform cannot run antd's CommonJS locale.
  // antd-mobile imports its own .css files, which Node cannot load, and rc-util's CommonJS by default import,
  // which Node hands over as the module object: Vite bundles both in development too (decision 38).
  ssr:
    command === 'build'
      ? { noExternal: ['antd', 'antd-mobile', 'rc-util', /^@ant-design\//, /^@rc-component\//, /^@emotion\//] }
      : { noExternal: ['antd-mobile', 'rc-util'] },
  resolve: {
    alias: [
      // Node resolves '#contract/*' through package.json "imports"; the alias makes Vite resolve it the same way.
      { find: /^#contract\//, replacement: `${import.meta.dirname}/packages/contract/src/` },
      // The icons' "node" entry re-exports their CommonJS build, every icon at once: the server build takes the ES
      // modules the browser's does, so it holds only the icons the pages use, and antd's own copy of them.
      ...(command === 'build'
        ? [{ find: /^@ant-design\/icons$/, replacement: fileURLToPath(import.meta.resolve('@ant-design/icons/es')) }]
        : []),
    ],
  },
  // Found up front, so the first page of a fresh dev server does not stop to re-optimise dependencies.
  optimizeDeps: {
    include: [
      'antd',
      'antd-mobile',
      'antd/locale/zh_CN.js',
      '@ant-design/icons',
      'dayjs',
      'dayjs/locale/zh-cn.js',
      'react-router/dom',
      'react-dom/client',
      'zod',
    ],
  },
  build: { chunkSizeWarningLimit: 600, sourcemap: !!process.env.QK_SOURCEMAP },
  environments: {
    // The server keeps its build's source text for as long as it runs: one Chinese character in it makes V8 keep all
    // of it at two bytes a character. Escaped to ASCII and without its doc comments, it is kept at one.
    ssr: {
      build: {
        rolldownOptions: { output: { charset: 'ascii', comments: { legal: true, annotation: false, jsdoc: false } } },
      },
    },
  },
}));
