import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|map)$/;

/**
 * Writes .gz and .br beside every text asset of the client build; the server serves them with
 * @fastify/static `preCompressed`, so pages ship compressed without compressing on each request.
 */
export function precompress(): Plugin {
  return {
    name: 'qingke:precompress',
    apply: 'build',
    applyToEnvironment: (env) => env.name === 'client',
    async closeBundle() {
      const outDir = this.environment.config.build.outDir;
      const files = await readdir(outDir, { recursive: true });
      await Promise.all(
        files
          .filter((f) => COMPRESSIBLE.test(f))
          .map(async (f) => {
            const full = path.join(outDir, f);
            const data = await readFile(full);
            if (data.length < 1024) return;
            await writeFile(`${full}.gz`, await gzip(data, { level: 9 }));
            await writeFile(`${full}.br`, await brotli(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } }));
          }),
      );
    },
  };
}
