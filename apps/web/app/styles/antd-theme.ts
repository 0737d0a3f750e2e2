import type { ThemeConfig } from 'antd';

/**
 * One theme for the running app and for the build-time CSS extraction (apps/web/vite/antd-css.ts). The app runs
 * antd in zero-runtime mode, so component styles come only from the extracted, cached CSS files; the fixed
 * cssVar key and `hashed: false` make the class names the same at build time and at run time.
 */
export const antdTheme: ThemeConfig = {
  zeroRuntime: true,
  hashed: false,
  cssVar: { key: 'css-var-qk' },
  token: {
    colorPrimary: '#00777c',
    colorLink: '#00777c',
    // antd's 45 % black for help and description text is 3.4:1 on white; 60 % is 5.7:1 (WCAG AA asks 4.5)
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    borderRadius: 4,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'WenQuanYi Micro Hei', 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  },
};

/**
 * Components whose CSS every page loads (virtual:antd-public.css). Keep it to what public pages use: it is
 * part of the home page's first-load budget. Account and admin areas load virtual:antd-all.css as well.
 * A public page that uses a component not listed here renders it unstyled — add the name here.
 */
export const publicAntdComponents = [
  'Alert',
  'Avatar',
  'Badge',
  'Breadcrumb',
  'Button',
  'Card',
  'Checkbox',
  'Divider',
  'Empty',
  'Flex',
  'Form',
  'Input',
  'Pagination',
  'Popconfirm',
  'Popover',
  'Result',
  'Skeleton',
  'Space',
  'Spin',
  'Tabs',
  'Tag',
  'Tooltip',
  'Typography',
  'message',
] as const;
