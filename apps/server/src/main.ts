import { loadConfig, ConfigError } from './platform/config.ts';
import { DatabaseLockedError } from './platform/db/client.ts';
import { buildApp } from './app.ts';
import { IDLE_RELEASE, IdleMemory } from './platform/idle-memory.ts';
import { ensureDefaultSite } from './db/seed/default-site.ts';
import { runSeeders } from './db/seed/seed.ts';
import { cleanStoredRichText } from './db/rich-text-cleanup.ts';
import { seeders } from './db/seed/seeders.ts';
import { DEMO_ACCOUNTS, DEMO_ADMIN, DEMO_PASSWORD } from './db/seed/accounts.seed.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  // React, Fastify plugins and others read NODE_ENV themselves; without it React renders in its slow development mode.
  process.env.NODE_ENV = config.env;
  const { app, platform, services, servedFromCache, drain, localCalls } = await buildApp(config);
  const publicUrl = config.publicUrl ?? `http://localhost:${config.port}`;
  // processes starting together on one database take these steps one at a time: the later ones find them done
  const { ran } = await platform.database.exclusive(async () => {
    const siteId = await ensureDefaultSite(platform);
    // once per database: rich text stored before the call wrapper cleaned every rich field (decision 31)
    await cleanStoredRichText(platform);
    const ran = config.demoData ? await runSeeders(platform, seeders, { siteId, publicUrl }) : [];
    // demo data is written straight to its tables: the search index reads it all again; otherwise it is built only
    // where it is still empty (a database migrated before search existed)
    await (ran.length ? services.search.rebuild(siteId) : services.search.ensureBuilt(siteId));
    return { ran };
  });
  if (config.demoData) {
    if (ran.length) app.log.info({ seeders: ran }, 'demo data loaded');
    // printed as plain text for the person at the terminal, beside the structured log
    app.log.warn('demo credentials are active: change them or set DEMO_DATA=0 before real use');
    console.log(
      [
        '',
        '演示账号（仅用于体验，正式使用前请修改密码或设置 DEMO_DATA=0）：',
        ...DEMO_ACCOUNTS.map((a) => `  ${a.role}  ${a.mobile} / ${DEMO_PASSWORD}`),
        `  ${DEMO_ADMIN.role}  ${DEMO_ADMIN.loginName} / ${DEMO_PASSWORD}  ${publicUrl}/admin/login`,
        '',
      ].join('\n'),
    );
  }
  if (config.role !== 'worker') {
    const { mountWeb } = await import('./web/mount.ts');
    await mountWeb(app, {
      dev: config.env === 'development',
      pageCacheMs: config.pageCacheMs,
      pageCacheBytes: config.pageCacheBytes,
      renders: config.renders,
      localCalls,
      generation: () => platform.cache.memo.generation,
      servedFromCache,
    });
  }
  if (config.role !== 'web') platform.jobs.start();
  const idle = config.idleReleaseBytes
    ? new IdleMemory({ ...IDLE_RELEASE, growthBytes: config.idleReleaseBytes })
    : undefined;
  idle?.start((r) =>
    app.log.info(
      {
        heapBeforeMb: Math.round(r.heapBefore / 2 ** 20),
        heapAfterMb: Math.round(r.heapAfter / 2 ** 20),
        ms: Math.round(r.ms),
      },
      'quiet after load: heap compacted and given back',
    ),
  );

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    idle?.stop();
    app.log.info({ signal, drainMs: config.shutdownDrainMs }, 'shutting down: finishing requests in flight');
    const force = setTimeout(() => {
      app.log.error('shutdown grace period over, exiting');
      process.exit(1);
    }, config.shutdownDrainMs + config.shutdownGraceMs);
    force.unref();
    if (config.shutdownDrainMs) drain.begin();
    const drained = new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
    void drained
      .then(() => app.close())
      .then(
        () => process.exit(0),
        (err) => {
          app.log.error({ err }, 'shutdown failed');
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  // Fastify logs the addresses it listens at; the line below is the one to open
  await app.listen({ port: config.port, host: config.host });
  console.log(`青课已启动：${publicUrl}`);
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof DatabaseLockedError) {
    console.error(err.message);
  } else {
    console.error('启动失败：', err);
  }
  process.exit(1);
});
