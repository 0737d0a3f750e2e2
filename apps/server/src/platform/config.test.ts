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
    expect(() => loadConfig({ PAGE_CACHE_MB: '0' })).toThrow(/PAGE_CACHE_MB: 应为 1–4096 的整数（MB）/);
    expect(loadConfig({ PAGE_CACHE_MB: '8' }).pageCacheBytes).toBe(8 * 1024 * 1024);
    expect(() => loadConfig({ IDLE_RELEASE_MB: '-1' })).toThrow(/IDLE_RELEASE_MB: 应为 0–4096 的整数（MB，0 为关闭）/);
    expect(loadConfig({ IDLE_RELEASE_MB: '0' }).idleReleaseBytes).toBe(0);
    expect(loadConfig({}).idleReleaseBytes).toBe(64 * 1024 * 1024);
  });

  it('keeps a mobile 60 s between SMS codes unless SMS_INTERVAL_SECONDS says otherwise', () => {
    expect(loadConfig({}).smsIntervalSeconds).toBe(60);
    expect(loadConfig({ SMS_INTERVAL_SECONDS: '15' }).smsIntervalSeconds).toBe(15);
    expect(() => loadConfig({ SMS_INTERVAL_SECONDS: '0' })).toThrow(/SMS_INTERVAL_SECONDS: 应为 1–3600 的整数/);
  });

  it('logs short lines to a terminal and JSON elsewhere, unless LOG_FORMAT says', () => {
    expect(loadConfig({}, true).logFormat).toBe('pretty');
    expect(loadConfig({}, false).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'json' }, true).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'pretty' }, false).logFormat).toBe('pretty');
    expect(() => loadConfig({ LOG_FORMAT: 'text' })).toThrow(/LOG_FORMAT: 应为 pretty 或 json/);
  });

  it('wants every S3 variable once one is set, the optional ones included', () => {
    expect(() => loadConfig({ S3_BUCKET: 'bucket' })).toThrow(/S3_ENDPOINT/);
    expect(() => loadConfig({ S3_PUBLIC_URL: 'https://cdn.example.com' })).toThrow(
      /S3_REGION: 使用 S3 存储时 S3_ENDPOINT、S3_REGION、S3_BUCKET、S3_ACCESS_KEY、S3_SECRET_KEY 须同时设置/,
    );
    expect(() => loadConfig({ S3_BUCKET: 'My_Bucket' })).toThrow(/S3_BUCKET: 应为 3–63 位的存储桶名/);
    const s3 = {
      S3_ENDPOINT: 'https://oss-cn-hangzhou.aliyuncs.com',
      S3_REGION: 'oss-cn-hangzhou',
      S3_BUCKET: 'qingke-media',
      S3_ACCESS_KEY: 'ak',
      S3_SECRET_KEY: 'sk',
    };
    expect(loadConfig(s3).s3).toEqual({
      endpoint: 'https://oss-cn-hangzhou.aliyuncs.com',
      region: 'oss-cn-hangzhou',
      bucket: 'qingke-media',
      accessKey: 'ak',
      secretKey: 'sk',
      publicUrl: undefined,
      forcePathStyle: true,
      downloadRedirect: false,
    });
    expect(
      loadConfig({ ...s3, S3_PUBLIC_URL: 'https://cdn.example.com/media/', S3_FORCE_PATH_STYLE: '0' }).s3,
    ).toMatchObject({ publicUrl: 'https://cdn.example.com/media', forcePathStyle: false });
  });

  it('reads the metrics port and token, and compression, which is on unless turned off', () => {
    expect(loadConfig({}).metrics).toEqual({ port: undefined, token: undefined });
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_TOKEN: 'a-long-enough-token' }).metrics).toEqual({
      port: 9464,
      token: 'a-long-enough-token',
    });
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: 至少 16 个字符/);
    expect(loadConfig({}).compression).toBe(true);
    expect(loadConfig({ COMPRESSION: 'off' }).compression).toBe(false);
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
