import { z } from 'zod';
import os from 'node:os';
import path from 'node:path';

const flag = z
  .enum(['0', '1', 'true', 'false', 'on', 'off', 'yes', 'no'], { error: '应为 1/0、true/false、on/off 之一' })
  .transform((v) => ['1', 'true', 'on', 'yes'].includes(v));

const urlOf = (protocols: string[]) =>
  z.url({ error: '不是合法的地址' }).refine((v) => protocols.some((p) => v.startsWith(`${p}:`)), {
    error: `地址必须以 ${protocols.map((p) => `${p}://`).join(' 或 ')} 开头`,
  });

const ALIPAY_KEYS = ['PAY_ALIPAY_APP_ID', 'PAY_ALIPAY_PRIVATE_KEY', 'PAY_ALIPAY_PUBLIC_KEY'] as const;
const WECHAT_PAY_KEYS = [
  'PAY_WECHAT_MCHID',
  'PAY_WECHAT_APPID',
  'PAY_WECHAT_SERIAL_NO',
  'PAY_WECHAT_PRIVATE_KEY',
  'PAY_WECHAT_PLATFORM_PUBLIC_KEY',
  'PAY_WECHAT_PLATFORM_SERIAL',
  'PAY_WECHAT_APIV3_KEY',
] as const;

const S3_OPTIONAL = ['S3_PUBLIC_URL', 'S3_FORCE_PATH_STYLE', 'S3_DOWNLOAD_REDIRECT'] as const;

/** A payment channel is on when any of its settings is given, and then needs all of them. */
function requireTogether(
  ctx: z.RefinementCtx,
  env: Record<string, unknown>,
  keys: readonly string[],
  what: string,
): void {
  if (!keys.some((k) => env[k] !== undefined)) return;
  for (const k of keys.filter((k) => env[k] === undefined))
    ctx.addIssue({ code: 'custom', path: [k], message: `${what}时必须设置` });
}

/** Every setting the server reads, parsed once at boot (DESIGN.md). */
const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    PORT: z.coerce.number({ error: '应为端口号' }).int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    TRUST_PROXY: z
      .string()
      .regex(/^(loopback|true|false|[\d.:a-fA-F/, ]+)$/, { error: '应为 loopback、true、false 或以逗号分隔的代理地址' })
      .default('loopback'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: urlOf(['postgres', 'postgresql']).optional(),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    DATABASE_PREPARE: flag.default(true),
    REDIS_URL: urlOf(['redis', 'rediss']).optional(),
    REDIS_PREFIX: z
      .string()
      .regex(/^[\w:.-]{1,40}$/, { error: '只能包含字母、数字和 _ : . -' })
      .default('qk:'),
    S3_ENDPOINT: urlOf(['http', 'https']).optional(),
    S3_REGION: z
      .string()
      .regex(/^[a-z0-9-]{2,40}$/, { error: '应为存储区域，如 us-east-1、oss-cn-hangzhou、ap-guangzhou' })
      .optional(),
    S3_BUCKET: z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { error: '应为 3–63 位的存储桶名（小写字母、数字、. 和 -）' })
      .optional(),
    S3_ACCESS_KEY: z.string().min(1).optional(),
    S3_SECRET_KEY: z.string().min(1).optional(),
    S3_PUBLIC_URL: urlOf(['http', 'https']).optional(),
    S3_FORCE_PATH_STYLE: flag.optional(),
    S3_DOWNLOAD_REDIRECT: flag.optional(),
    METRICS_PORT: z.coerce.number({ error: '应为端口号' }).int().min(1).max(65535).optional(),
    METRICS_TOKEN: z.string().min(16, { error: '至少 16 个字符' }).optional(),
    COMPRESSION: flag.default(true),
    PUBLIC_URL: urlOf(['http', 'https']).optional(),
    SMS_PROVIDER: z.enum(['console', 'aliyun'], { error: '应为 console 或 aliyun' }).default('console'),
    SMS_PER_IP_PER_HOUR: z.coerce.number({ error: '应为 1–100000 的整数' }).int().min(1).max(100_000).default(20),
    SMS_INTERVAL_SECONDS: z.coerce.number({ error: '应为 1–3600 的整数' }).int().min(1).max(3600).default(60),
    ALIYUN_SMS_ACCESS_KEY_ID: z.string().min(1).optional(),
    ALIYUN_SMS_ACCESS_KEY_SECRET: z.string().min(1).optional(),
    ALIYUN_SMS_SIGN_NAME: z.string().min(1).optional(),
    ALIYUN_SMS_TEMPLATE_CODE: z.string().min(1).optional(),
    WECHAT_LOGIN: z.enum(['dev', 'mp', 'off'], { error: '应为 dev、mp 或 off' }).optional(),
    WECHAT_MP_APP_ID: z.string().min(1).optional(),
    WECHAT_MP_APP_SECRET: z.string().min(1).optional(),
    WECHAT_MP_TOKEN: z.string().min(3).max(32).optional(),
    FACE_PROVIDER: z.enum(['dev', 'off'], { error: '应为 dev 或 off' }).optional(),
    DEMO_DATA: flag.default(true),
    ROLE: z.enum(['all', 'web', 'worker']).default('all'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    LOG_FORMAT: z.enum(['pretty', 'json'], { error: '应为 pretty 或 json' }).optional(),
    BODY_LIMIT_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .default(1024 * 1024),
    SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(10_000),
    SHUTDOWN_DRAIN_MS: z.coerce.number({ error: '应为 0–60000 的整数（毫秒）' }).int().min(0).max(60_000).default(0),
    PAGE_CACHE_MS: z.coerce.number().int().min(0).max(600_000).default(5_000),
    PAGE_CACHE_MB: z.coerce.number({ error: '应为 1–4096 的整数（MB）' }).int().min(1).max(4096).default(24),
    IDLE_RELEASE_MB: z.coerce
      .number({ error: '应为 0–4096 的整数（MB，0 为关闭）' })
      .int()
      .min(0)
      .max(4096)
      .default(64),
    PAGE_RENDER_CONCURRENCY: z.coerce.number({ error: '应为 1–64 的整数' }).int().min(1).max(64).optional(),
    PAGE_RENDER_QUEUE: z.coerce.number({ error: '应为 0–10000 的整数' }).int().min(0).max(10_000).default(100),
    PAGE_RENDER_WAIT_MS: z.coerce
      .number({ error: '应为 100–60000 的整数（毫秒）' })
      .int()
      .min(100)
      .max(60_000)
      .default(3_000),
    FFMPEG_PATH: z.string().min(1).default('ffmpeg'),
    FFPROBE_PATH: z.string().min(1).default('ffprobe'),
    VOD_TRANSCODE_CONCURRENCY: z.coerce.number({ error: '应为 1–16 的整数' }).int().min(1).max(16).default(1),
    VOD_DEMO_VIDEOS: flag.optional(),
    LIVE_RTMP_PORT: z.coerce.number({ error: '应为端口号' }).int().min(0).max(65535).optional(),
    LIVE_RTMP_HOST: z.string().min(1).optional(),
    LIVE_SEGMENT_SEC: z.coerce.number({ error: '应为 1–6 的整数' }).int().min(1).max(6).default(1),
    PAY_SANDBOX: flag.optional(),
    PAY_SANDBOX_SECRET: z.string().min(16, { error: '至少 16 个字符' }).optional(),
    PAY_ALIPAY_APP_ID: z
      .string()
      .regex(/^\d{8,32}$/, { error: '应为支付宝开放平台的应用 APPID（数字）' })
      .optional(),
    PAY_ALIPAY_PRIVATE_KEY: z.string().min(1).optional(),
    PAY_ALIPAY_PUBLIC_KEY: z.string().min(1).optional(),
    PAY_ALIPAY_GATEWAY: urlOf(['https', 'http']).default('https://openapi.alipay.com/gateway.do'),
    PAY_ALIPAY_SELLER_ID: z
      .string()
      .regex(/^2088\d{12}$/, { error: '应为支付宝商户的 PID（2088 开头的 16 位数字）' })
      .optional(),
    PAY_WECHAT_MCHID: z
      .string()
      .regex(/^\d{6,32}$/, { error: '应为微信支付商户号（数字）' })
      .optional(),
    PAY_WECHAT_APPID: z.string().min(1).optional(),
    PAY_WECHAT_SERIAL_NO: z.string().min(1).optional(),
    PAY_WECHAT_PRIVATE_KEY: z.string().min(1).optional(),
    PAY_WECHAT_PLATFORM_PUBLIC_KEY: z.string().min(1).optional(),
    PAY_WECHAT_PLATFORM_SERIAL: z.string().min(1).optional(),
    PAY_WECHAT_APIV3_KEY: z.string().length(32, { error: 'APIv3 密钥应为 32 个字符' }).optional(),
    PAY_WECHAT_API: urlOf(['https', 'http']).default('https://api.mch.weixin.qq.com'),
  })
  .superRefine((env, ctx) => {
    const s3 = ['S3_ENDPOINT', 'S3_REGION', 'S3_BUCKET', 'S3_ACCESS_KEY', 'S3_SECRET_KEY'] as const;
    const given = s3.filter((k) => env[k] !== undefined);
    if (env.SMS_PROVIDER === 'aliyun') {
      const sms = [
        'ALIYUN_SMS_ACCESS_KEY_ID',
        'ALIYUN_SMS_ACCESS_KEY_SECRET',
        'ALIYUN_SMS_SIGN_NAME',
        'ALIYUN_SMS_TEMPLATE_CODE',
      ] as const;
      for (const k of sms.filter((k) => env[k] === undefined)) {
        ctx.addIssue({ code: 'custom', path: [k], message: 'SMS_PROVIDER=aliyun 时必须设置' });
      }
    }
    if (env.WECHAT_LOGIN === 'mp') {
      for (const k of (['WECHAT_MP_APP_ID', 'WECHAT_MP_APP_SECRET', 'WECHAT_MP_TOKEN'] as const).filter(
        (k) => env[k] === undefined,
      )) {
        ctx.addIssue({ code: 'custom', path: [k], message: 'WECHAT_LOGIN=mp 时必须设置' });
      }
    }
    requireTogether(ctx, env, ALIPAY_KEYS, '启用支付宝支付');
    requireTogether(ctx, env, WECHAT_PAY_KEYS, '启用微信支付');
    // WeChat Pay sends its notices only to an https notify_url, which is built from PUBLIC_URL
    if (env.PAY_WECHAT_MCHID !== undefined && !env.PUBLIC_URL?.startsWith('https://'))
      ctx.addIssue({
        code: 'custom',
        path: ['PUBLIC_URL'],
        message: '启用微信支付时必须设置为 https:// 开头的网址（微信支付只向 https 通知地址发送支付结果）',
      });
    // the optional S3 settings alone would switch nothing on: they too mean the required ones are missing
    const anyS3 = given.length > 0 || S3_OPTIONAL.some((k) => env[k] !== undefined);
    if (anyS3 && given.length < s3.length) {
      for (const k of s3.filter((k) => env[k] === undefined)) {
        ctx.addIssue({
          code: 'custom',
          path: [k],
          message: `使用 S3 存储时 ${s3.join('、')} 须同时设置`,
        });
      }
    }
  });

export type Config = ReturnType<typeof toConfig>;

/**
 * The development stand-ins for WeChat and face checks let anyone play the phone, so they are on by default only
 * on a demo site; a real site chooses a provider or leaves them off.
 */
const devOnlyWithDemo = (demo: boolean): 'dev' | 'off' => (demo ? 'dev' : 'off');

function toConfig(env: z.output<typeof EnvSchema>, terminal: boolean) {
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    /** Whose X-Forwarded-For to believe; the in-process page transport speaks from loopback. */
    trustProxy:
      env.TRUST_PROXY === 'true'
        ? true
        : env.TRUST_PROXY === 'false'
          ? false
          : env.TRUST_PROXY.split(',').map((s) => s.trim()),
    dataDir,
    databaseUrl: env.DATABASE_URL,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    /** Named prepared statements per connection; off behind a pooler in transaction mode (decision 17). */
    databasePrepare: env.DATABASE_PREPARE,
    redisUrl: env.REDIS_URL,
    redisPrefix: env.REDIS_PREFIX,
    /**
     * Object storage (S3 and the stores that speak its API: Aliyun OSS, Tencent COS, MinIO, Ceph) instead of
     * `DATA_DIR/files`. `publicUrl`: where browsers fetch public files (a CDN or the bucket's public address);
     * without it they are served by the app under /media. `forcePathStyle`: bucket in the path, not the host name
     * (MinIO, Ceph; Aliyun OSS wants it off). `downloadRedirect`: course files are downloaded from short-lived
     * presigned URLs of the endpoint instead of through the app (the endpoint must then be reachable by browsers).
     */
    s3: env.S3_ENDPOINT
      ? {
          endpoint: env.S3_ENDPOINT,
          region: env.S3_REGION!,
          bucket: env.S3_BUCKET!,
          accessKey: env.S3_ACCESS_KEY!,
          secretKey: env.S3_SECRET_KEY!,
          publicUrl: env.S3_PUBLIC_URL?.replace(/\/+$/, ''),
          forcePathStyle: env.S3_FORCE_PATH_STYLE ?? true,
          downloadRedirect: env.S3_DOWNLOAD_REDIRECT ?? false,
        }
      : undefined,
    /**
     * Prometheus metrics: on their own port (`port`, for a scraper inside the network) and/or on the main port
     * with a bearer token; with neither, /metrics answers 404.
     */
    metrics: { port: env.METRICS_PORT, token: env.METRICS_TOKEN },
    /** The app compresses text replies itself; off when a proxy in front (nginx) does it. */
    compression: env.COMPRESSION,
    publicUrl: env.PUBLIC_URL,
    /** SMS codes one network address may ask for in an hour: a school's computer room shares one address. */
    smsPerIpPerHour: env.SMS_PER_IP_PER_HOUR,
    /** Seconds one mobile waits between two codes: 60 by the spec; shorter only where tests sign many people in. */
    smsIntervalSeconds: env.SMS_INTERVAL_SECONDS,
    sms:
      env.SMS_PROVIDER === 'aliyun'
        ? {
            provider: 'aliyun' as const,
            accessKeyId: env.ALIYUN_SMS_ACCESS_KEY_ID!,
            accessKeySecret: env.ALIYUN_SMS_ACCESS_KEY_SECRET!,
            signName: env.ALIYUN_SMS_SIGN_NAME!,
            templateCode: env.ALIYUN_SMS_TEMPLATE_CODE!,
          }
        : { provider: 'console' as const },
    wechatLogin:
      env.WECHAT_LOGIN === 'mp'
        ? {
            provider: 'mp' as const,
            appId: env.WECHAT_MP_APP_ID!,
            appSecret: env.WECHAT_MP_APP_SECRET!,
            token: env.WECHAT_MP_TOKEN!,
          }
        : { provider: env.WECHAT_LOGIN ?? devOnlyWithDemo(env.DEMO_DATA) },
    faceProvider: env.FACE_PROVIDER ?? devOnlyWithDemo(env.DEMO_DATA),
    demoData: env.DEMO_DATA,
    role: env.ROLE,
    logLevel: env.LOG_LEVEL,
    /** `pretty`: short lines for a person at a terminal, no line per successful request; `json`: pino's lines. */
    logFormat: env.LOG_FORMAT ?? (terminal ? ('pretty' as const) : ('json' as const)),
    bodyLimitBytes: env.BODY_LIMIT_BYTES,
    shutdownGraceMs: env.SHUTDOWN_GRACE_MS,
    /** Behind a proxy: how long a stopping process answers new requests 503 (unprocessed) before it stops listening. */
    shutdownDrainMs: env.SHUTDOWN_DRAIN_MS,
    pageCacheMs: env.PAGE_CACHE_MS,
    pageCacheBytes: env.PAGE_CACHE_MB * 1024 * 1024,
    /** Once quiet, the heap is compacted and its free pages given back when it has grown this much (0: never; decision 69). */
    idleReleaseBytes: env.IDLE_RELEASE_MB * 1024 * 1024,
    /** Page renders at once (default: two per core, since a render also waits on the database), how many may wait
     * and how long, before a request gets the 503 page (decision 50). */
    renders: {
      concurrency: env.PAGE_RENDER_CONCURRENCY ?? 2 * os.availableParallelism(),
      queue: env.PAGE_RENDER_QUEUE,
      maxWaitMs: env.PAGE_RENDER_WAIT_MS,
    },
    /** Transcoding: the binaries (PATH lookup by default) and how many videos one worker process encodes at once.
     * `demoVideos`: the demo seed generates and transcodes sample clips (off in tests, where it would cost every file). */
    vod: {
      ffmpegPath: env.FFMPEG_PATH,
      ffprobePath: env.FFPROBE_PATH,
      transcodeConcurrency: env.VOD_TRANSCODE_CONCURRENCY,
      demoVideos: env.VOD_DEMO_VIDEOS ?? env.NODE_ENV !== 'test',
    },
    /**
     * Live broadcasting: the RTMP ingest listens on `rtmpPort` (off when not set; 0 picks a free port, for tests);
     * `rtmpHost` is the address lecturers push to (else the host of PUBLIC_URL, else this machine); HLS segments
     * last `segmentSec` seconds (shorter: less delay, more requests).
     */
    live: {
      rtmpPort: env.LIVE_RTMP_PORT,
      rtmpHost: env.LIVE_RTMP_HOST ?? (env.PUBLIC_URL ? new URL(env.PUBLIC_URL).hostname : '127.0.0.1'),
      segmentSec: env.LIVE_SEGMENT_SEC,
    },
    /**
     * Payment channels: Alipay and WeChat Pay when their settings are given (keys are PEM text); the sandbox, where
     * anyone can "pay" by pressing a button, only where it is switched on — by default only on a demo site.
     */
    pay: {
      sandbox: env.PAY_SANDBOX ?? env.DEMO_DATA,
      sandboxSecret: env.PAY_SANDBOX_SECRET,
      alipay: env.PAY_ALIPAY_APP_ID
        ? {
            appId: env.PAY_ALIPAY_APP_ID,
            privateKey: env.PAY_ALIPAY_PRIVATE_KEY!,
            alipayPublicKey: env.PAY_ALIPAY_PUBLIC_KEY!,
            gateway: env.PAY_ALIPAY_GATEWAY,
            sellerId: env.PAY_ALIPAY_SELLER_ID,
          }
        : undefined,
      wechat: env.PAY_WECHAT_MCHID
        ? {
            mchId: env.PAY_WECHAT_MCHID,
            appId: env.PAY_WECHAT_APPID!,
            serialNo: env.PAY_WECHAT_SERIAL_NO!,
            privateKey: env.PAY_WECHAT_PRIVATE_KEY!,
            platformPublicKey: env.PAY_WECHAT_PLATFORM_PUBLIC_KEY!,
            platformSerial: env.PAY_WECHAT_PLATFORM_SERIAL!,
            apiV3Key: env.PAY_WECHAT_APIV3_KEY!,
            api: env.PAY_WECHAT_API,
          }
        : undefined,
    },
  };
}

export class ConfigError extends Error {}

/**
 * Parse the environment; a bad value stops the start with a message naming the variable. `terminal`: whether
 * stdout is a terminal (the log's format, unless LOG_FORMAT says).
 */
export function loadConfig(
  source: Record<string, string | undefined> = process.env,
  terminal = process.stdout.isTTY === true,
): Config {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`配置有误，服务未启动：\n${lines.join('\n')}`);
  }
  return toConfig(parsed.data, terminal);
}
