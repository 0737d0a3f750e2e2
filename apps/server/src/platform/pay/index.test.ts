import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import { Jobs } from '../jobs.ts';
import { createGateways } from './index.ts';

const pem = (k: crypto.KeyObject, type: 'pkcs8' | 'spki') => k.export({ format: 'pem', type }).toString();
const keys = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
const log = { warn() {}, error() {}, info() {}, debug() {} } as any;
// building the gateways touches neither the database nor the job table
const deps = () => ({ db: undefined as any, jobs: new Jobs(undefined as any, log), log });

const ALIPAY = {
  PAY_ALIPAY_APP_ID: '2021000000000001',
  PAY_ALIPAY_PRIVATE_KEY: pem(keys.privateKey, 'pkcs8'),
  PAY_ALIPAY_PUBLIC_KEY: pem(keys.publicKey, 'spki'),
};
const WECHAT = {
  PAY_WECHAT_MCHID: '1900000109',
  PAY_WECHAT_APPID: 'wxd678efh567hg6787',
  PAY_WECHAT_SERIAL_NO: '5157F09EFDC096DE',
  PAY_WECHAT_PRIVATE_KEY: pem(keys.privateKey, 'pkcs8'),
  PAY_WECHAT_PLATFORM_PUBLIC_KEY: pem(keys.publicKey, 'spki'),
  PAY_WECHAT_PLATFORM_SERIAL: 'PUB_KEY_ID_01',
  PAY_WECHAT_APIV3_KEY: 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6',
  PUBLIC_URL: 'https://school.example.com',
};

describe('payment channels from the settings', () => {
  it('has the sandbox alone without settings, and adds Alipay and WeChat Pay when configured', () => {
    expect([...createGateways(loadConfig({}), deps()).keys()]).toEqual(['sandbox']);
    expect([...createGateways(loadConfig({ ...ALIPAY, ...WECHAT }), deps()).keys()]).toEqual([
      'sandbox',
      'alipay',
      'wechat',
    ]);
  });

  it('refuses to start with half a channel, naming what is missing', () => {
    expect(() => loadConfig({ PAY_ALIPAY_APP_ID: '2021000000000001' })).toThrow(
      /PAY_ALIPAY_PRIVATE_KEY: 启用支付宝支付时必须设置/,
    );
    expect(() => loadConfig({ ...WECHAT, PAY_WECHAT_APIV3_KEY: undefined })).toThrow(/PAY_WECHAT_APIV3_KEY/);
    expect(() => loadConfig({ ...WECHAT, PAY_WECHAT_APIV3_KEY: 'short' })).toThrow(/APIv3 密钥应为 32 个字符/);
  });

  it('refuses to start WeChat Pay without an https PUBLIC_URL, as its notify_url must be https', () => {
    for (const PUBLIC_URL of [undefined, 'http://school.example.com'])
      expect(() => loadConfig({ ...WECHAT, PUBLIC_URL })).toThrow(/PUBLIC_URL: 启用微信支付时必须设置为 https:\/\//);
    expect(() => loadConfig({ ...ALIPAY, PAY_ALIPAY_SELLER_ID: '12345' })).toThrow(/PAY_ALIPAY_SELLER_ID/);
    expect(loadConfig({ ...ALIPAY, PAY_ALIPAY_SELLER_ID: '2088101117955611' }).pay.alipay?.sellerId).toBe(
      '2088101117955611',
    );
  });

  it('refuses to start with a key that does not parse', () => {
    expect(() => createGateways(loadConfig({ ...ALIPAY, PAY_ALIPAY_PUBLIC_KEY: 'not a key' }), deps())).toThrow(
      ConfigError,
    );
    expect(() =>
      createGateways(
        loadConfig({ ...WECHAT, PAY_WECHAT_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----\nxx\n-----END PRIVATE KEY-----' }),
        deps(),
      ),
    ).toThrow(/PAY_WECHAT_PRIVATE_KEY/);
  });
});
