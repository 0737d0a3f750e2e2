import { isWechatBrowser } from '#contract/device.ts';
import type { TPayClient, TWechatJsapiParams } from '#contract/order.ts';

/** What the H5 page tells the pay call it runs on: WeChat's browser, or any other phone browser. */
export function payClientOf(userAgent: string): TPayClient {
  return isWechatBrowser(userAgent) ? 'wechat' : 'h5';
}

/** The bridge WeChat's browser puts on the page; it may arrive after the page's scripts have run. */
interface WeixinBridge {
  invoke(name: 'getBrandWCPayRequest', params: TWechatJsapiParams, done: (res: { err_msg?: string }) => void): void;
}
declare global {
  interface Window {
    WeixinJSBridge?: WeixinBridge;
  }
}

/** How long to wait for the bridge before telling the buyer WeChat's cashier cannot be opened here. */
const BRIDGE_WAIT_MS = 5000;

function bridge(): Promise<WeixinBridge | undefined> {
  if (window.WeixinJSBridge) return Promise.resolve(window.WeixinJSBridge);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(undefined), BRIDGE_WAIT_MS);
    document.addEventListener(
      'WeixinJSBridgeReady',
      () => {
        clearTimeout(timer);
        resolve(window.WeixinJSBridge);
      },
      { once: true },
    );
  });
}

/**
 * Opens WeChat's own cashier with the parameters the server signed. 'ok' only says WeChat closed its cashier
 * after a payment: the order is paid when WeChat Pay's notice arrives, which the result page waits for.
 */
export async function openWechatCashier(params: TWechatJsapiParams): Promise<'ok' | 'cancel' | 'fail' | 'absent'> {
  const b = await bridge();
  if (!b) return 'absent';
  return new Promise((resolve) =>
    b.invoke('getBrandWCPayRequest', params, (res) => {
      const said = res?.err_msg ?? '';
      resolve(said.endsWith(':ok') ? 'ok' : said.endsWith(':cancel') ? 'cancel' : 'fail');
    }),
  );
}
