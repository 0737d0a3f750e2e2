import { execSync, spawnSync } from 'node:child_process';

/** How to tell whether a Debian package's piece that we use is present. */
const PRESENT: Record<string, () => boolean> = {
  chromium: () => has('/usr/bin/chromium'),
  'fonts-wqy-microhei': () => dpkgInstalled('fonts-wqy-microhei'),
  ffmpeg: () => commandExists('ffmpeg'),
  nginx: () => has('/usr/sbin/nginx'),
};

function has(file: string): boolean {
  return spawnSync('test', ['-x', file]).status === 0;
}
function commandExists(cmd: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;
}
function dpkgInstalled(pkg: string): boolean {
  return (
    spawnSync('sh', ['-c', `dpkg-query -W -f='\${Status}' ${pkg} 2>/dev/null | grep -q 'install ok installed'`])
      .status === 0
  );
}

/**
 * Installs the missing packages with apt-get when running as root with apt available; otherwise stops with the
 * exact command to run. With `optional`, what cannot be installed is named with that command and the caller goes
 * on without it (answering false).
 */
export function ensureSystemPackages(
  packages: string[],
  { optional = false, why = '' }: { optional?: boolean; why?: string } = {},
): boolean {
  const missing = packages.filter((p) => !PRESENT[p]?.());
  if (missing.length === 0) return true;
  const command = `apt-get install -y ${missing.join(' ')}`;
  const canInstall = process.getuid?.() === 0 && commandExists('apt-get');
  const stop = (message: string): false => {
    if (!optional) {
      console.error(message);
      process.exit(1);
    }
    console.warn(message);
    return false;
  };
  if (!canInstall) {
    return stop(`缺少系统软件包：${missing.join('、')}${why}。请先运行：sudo apt-get update && sudo ${command}`);
  }
  console.log(`正在安装系统软件包：${missing.join(' ')}${why} …`);
  try {
    execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive ${command} -qq`, { stdio: 'inherit' });
  } catch {
    return stop(`安装失败。请手动运行：apt-get update && ${command}`);
  }
  return true;
}

// `node scripts/system-packages.ts nginx …`: the same check and install from a shell script (.ci/run)
if (import.meta.url === `file://${process.argv[1]}`) ensureSystemPackages(process.argv.slice(2));
