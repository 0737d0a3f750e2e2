import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'apps/web/app',
  buildDirectory: 'apps/web/build',
  ssr: true,
} satisfies Config;
