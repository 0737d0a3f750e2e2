import { execSync, spawnSync } from 'node:child_process';

/** How to tell whether a Debian package's piece that we use is present. */
const PRESENT: Record<string, () => boolean> = {
  chromium: () => has('/usr/bin/chromium'),
  'fonts-wqy-microhei': () => dpkgInstalled('fonts-wqy-microhei'),
  ffmpeg: () => commandExists('ffmpeg'),
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
 * exact command to run.
 */
export function ensureSystemPackages(packages: string[]): void {
  const missing = packages.filter((p) => !PRESENT[p]?.());
  if (missing.length === 0) return;
  const command = `apt-get install -y ${missing.join(' ')}`;
  const canInstall = process.getuid?.() === 0 && commandExists('apt-get');
  if (!canInstall) {
    console.error(`缺少系统软件包：${missing.join('、')}。请先运行：sudo apt-get update && sudo ${command}`);
    process.exit(1);
  }
  console.log(`正在安装系统软件包：${missing.join(' ')} …`);
  try {
    execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive ${command} -qq`, { stdio: 'inherit' });
  } catch {
    console.error(`安装失败。请手动运行：apt-get update && ${command}`);
    process.exit(1);
  }
}
