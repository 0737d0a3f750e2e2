import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('config', () => {
  it('has embedded defaults', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.demoData).toBe(true);
    expect(c.dataDir.endsWith('/data')).toBe(true);
  });

  it('reads DEMO_DATA=0 and a PostgreSQL url', () => {
    const c = loadConfig({ DEMO_DATA: '0', DATABASE_URL: 'postgres://u@h:5432/db' });
    expect(c.demoData).toBe(false);
    expect(c.databaseUrl).toBe('postgres://u@h:5432/db');
  });

  it('stops on a bad value, naming the variable', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(
      /DATABASE_URL: 地址必须以 postgres:\/\/ 或 postgresql:\/\/ 开头/,
    );
    expect(() => loadConfig({ DEMO_DATA: 'maybe' })).toThrow(/DEMO_DATA/);
  });

  it('logs short lines to a terminal and JSON elsewhere, unless LOG_FORMAT says', () => {
    expect(loadConfig({}, true).logFormat).toBe('pretty');
    expect(loadConfig({}, false).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'json' }, true).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'pretty' }, false).logFormat).toBe('pretty');
    expect(() => loadConfig({ LOG_FORMAT: 'text' })).toThrow(/LOG_FORMAT: 应为 pretty 或 json/);
  });

  it('wants every S3 variable once one is set', () => {
    expect(() => loadConfig({ S3_BUCKET: 'b' })).toThrow(/S3_ENDPOINT/);
  });

  it('wants the WeChat account settings with WECHAT_LOGIN=mp, and defaults to the development providers', () => {
    expect(() => loadConfig({ WECHAT_LOGIN: 'mp', WECHAT_MP_APP_ID: 'wx1' })).toThrow(
      /WECHAT_MP_APP_SECRET: WECHAT_LOGIN=mp 时必须设置/,
    );
    expect(loadConfig({}).wechatLogin).toEqual({ provider: 'dev' });
    expect(loadConfig({}).faceProvider).toBe('dev');
    expect(
      loadConfig({ WECHAT_LOGIN: 'mp', WECHAT_MP_APP_ID: 'wx1', WECHAT_MP_APP_SECRET: 's', WECHAT_MP_TOKEN: 'tok' })
        .wechatLogin,
    ).toMatchObject({ provider: 'mp', appId: 'wx1' });
  });
});
