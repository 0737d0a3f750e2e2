import path from 'node:path';

/**
 * Where a file sits in the house (docs/house-rules.md): the repository root is two folders up from this file, so
 * the rules judge paths the same way from the command line, an editor or a test.
 */
export const ROOT = path.resolve(import.meta.dirname, '../..');
export const SERVER = path.join(ROOT, 'apps/server');
export const MODULES = path.join(ROOT, 'apps/server/src/modules');
export const PLATFORM = path.join(ROOT, 'apps/server/src/platform');
export const WEB = path.join(ROOT, 'apps/web');
/** The page build the server mounts: a dynamic import of it is the one way the server may load the pages. */
export const WEB_BUILD = path.join(ROOT, 'apps/web/build');
const CONTRACT = path.join(ROOT, 'packages/contract/src');

const inside = (file: string, dir: string) => file.startsWith(dir + path.sep);

/** The repository-relative path, with forward slashes, for messages. */
export const rel = (file: string, from = ROOT) => path.relative(from, file).split(path.sep).join('/');

/** The domain a file belongs to (`modules/<domain>/…`); undefined for the wiring (`modules/index.ts`) and the rest. */
export function domainOf(file: string): string | undefined {
  if (!inside(file, MODULES)) return undefined;
  const parts = path.relative(MODULES, file).split(path.sep);
  return parts.length > 1 ? parts[0] : undefined;
}

export const isTest = (file: string) => /\.test\.tsx?$/.test(file);
/** Test helpers a domain offers other domains' tests (`*.testing.ts`). */
export const isTesting = (file: string) => /\.testing\.tsx?$/.test(file);
export const inPlatform = (file: string) => inside(file, PLATFORM);
export const inServer = (file: string) => inside(file, SERVER);
export const inWeb = (file: string) => inside(file, WEB);
export const inWebBuild = (file: string) => inside(file, WEB_BUILD);

/**
 * A domain's public face, the only files another domain may import: its `index.ts` (the wiring and the types it
 * exports), its services (`*.service.ts`: every business rule lives in one) and its policies (`*.policy.ts`: who
 * may do what); its test helpers (`*.testing.ts`) to tests and other test helpers only. Repos, presenters, routes
 * and every other file are the domain's own.
 */
export function isPublicFace(target: string, importer: string): boolean {
  const inDomain = path.relative(MODULES, target).split(path.sep);
  const name = inDomain[inDomain.length - 1]!;
  if (inDomain.length === 2 && name === 'index.ts') return true;
  if (/\.(service|policy)\.ts$/.test(name)) return true;
  return isTesting(name) && (isTest(importer) || isTesting(importer));
}

/**
 * The file an import names, or undefined for a package: relative paths from the importer, `#contract/…` to
 * packages/contract/src (package.json "imports").
 */
export function resolveImport(specifier: string, importer: string): string | undefined {
  if (specifier.startsWith('#contract/')) return path.join(CONTRACT, specifier.slice('#contract/'.length));
  if (specifier.startsWith('./') || specifier.startsWith('../')) return path.resolve(path.dirname(importer), specifier);
  return undefined;
}
