import { Toast } from 'antd-mobile';
import './mobile-render.ts';

/**
 * The H5 pages' toasts: antd-mobile's, centred and phone-sized. The PC holder's antd message has no styles on an
 * H5 page (antd's stylesheet belongs to the PC layout), where it would fall to the page's end unstyled.
 */
export function showMessage(text: string, kind: 'error' | 'warning' | 'success' = 'error'): void {
  Toast.show({
    content: text,
    icon: kind === 'success' ? 'success' : kind === 'error' ? 'fail' : undefined,
    // a warning explains something that happened to the person (e.g. signed out): give it time to be read
    duration: kind === 'warning' ? 6000 : 2500,
  });
}
