import type { FastifyBaseLogger } from 'fastify';
import { ConfigError, type Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { Jobs } from '../jobs.ts';
import type { PayChannel, PaymentGateway } from './gateway.ts';
import { SandboxGateway } from './sandbox.ts';
import { AlipayGateway } from './alipay.ts';
import { WechatPayGateway } from './wechat.ts';

export * from './gateway.ts';
export { SandboxGateway } from './sandbox.ts';

export interface GatewayDeps {
  db: Db;
  jobs: Jobs;
  log: FastifyBaseLogger;
  /** Outgoing HTTP (the sandbox's notices, the merchant gateways' calls); tests answer it offline. */
  fetch?: typeof fetch;
  now?: () => Date;
}

/**
 * The payment channels of this server: the sandbox always, Alipay and WeChat Pay when configured. A key that
 * does not parse stops the start with the variable's name, like any other bad setting.
 */
export function createGateways(config: Pick<Config, 'pay'>, deps: GatewayDeps): Map<PayChannel, PaymentGateway> {
  const sandbox = new SandboxGateway({
    db: deps.db,
    jobs: deps.jobs,
    log: deps.log,
    secret: config.pay.sandboxSecret,
    fetch: deps.fetch,
  });
  sandbox.registerJobs();
  const gateways = new Map<PayChannel, PaymentGateway>([['sandbox', sandbox]]);
  const { alipay, wechat } = config.pay;
  if (alipay)
    gateways.set(
      'alipay',
      withKeys(
        'PAY_ALIPAY_PRIVATE_KEY 或 PAY_ALIPAY_PUBLIC_KEY',
        () => new AlipayGateway(alipay, { fetch: deps.fetch, now: deps.now }),
      ),
    );
  if (wechat) {
    gateways.set(
      'wechat',
      withKeys(
        'PAY_WECHAT_PRIVATE_KEY 或 PAY_WECHAT_PLATFORM_PUBLIC_KEY',
        () => new WechatPayGateway(wechat, { fetch: deps.fetch, now: deps.now }),
      ),
    );
  }
  return gateways;
}

function withKeys<T>(names: string, build: () => T): T {
  try {
    return build();
  } catch (err) {
    throw new ConfigError(
      `配置有误，服务未启动：\n  ${names}: 密钥无法读取（应为 PEM 文本）：${(err as Error).message}`,
    );
  }
}
