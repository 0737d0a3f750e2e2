import { ConfigProvider, message } from 'antd';
import { antdTheme } from '../styles/antd-theme.ts';

// Static messages render outside the page tree; this gives them the page's theme (and zero-runtime styles).
ConfigProvider.config({
  holderRender: (children) => <ConfigProvider theme={antdTheme}>{children}</ConfigProvider>,
});
message.config({ maxCount: 3 });

export function showMessage(text: string, kind: 'error' | 'warning' | 'success' = 'error'): void {
  // a warning explains something that happened to the person (e.g. signed out): give it time to be read
  void message[kind]({ content: text, duration: kind === 'warning' ? 6 : 3 });
}
