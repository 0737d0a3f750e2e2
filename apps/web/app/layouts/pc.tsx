import { Outlet } from 'react-router';
import { ConfigProvider, type ConfigProviderProps } from 'antd';
import zhCNModule from 'antd/locale/zh_CN.js';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn.js';
import 'antd/dist/reset.css';
import 'virtual:antd-public.css';
import '../styles/site.css';
import { antdTheme } from '../styles/antd-theme.ts';
import { prefersReducedMotion, withoutMotion } from '../lib/reduced-motion.ts';

dayjs.locale('zh-cn');
// antd ships its locales as CommonJS: Node (the server build) hands over the module object, bundlers its default.
const zhCN = ((zhCNModule as { default?: unknown }).default ?? zhCNModule) as ConfigProviderProps['locale'];
const stillTheme = withoutMotion(antdTheme);

/**
 * Every PC page (decision 38): antd's provider, its reset and public styles and the site's stylesheet live here
 * rather than in the root, so the H5 pages, which draw with antd-mobile, load none of them.
 */
export default function PcLayout() {
  return (
    <ConfigProvider locale={zhCN} theme={prefersReducedMotion ? stillTheme : antdTheme}>
      <Outlet />
    </ConfigProvider>
  );
}
