import { useRootData } from '../lib/root-data.ts';

/**
 * Title, description and keywords of a page, from site info (spec §1). React hoists these into <head>, on
 * the server as well, so search engines see them.
 */
export function PageMeta({ title, description }: { title?: string; description?: string }) {
  const info = useRootData()?.webInfo;
  const site = info?.siteNamePc || '青课';
  const fullTitle = title ? `${title} - ${site}` : site;
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={description || info?.desc || ''} />
      <meta name="keywords" content={info?.keyword || ''} />
    </>
  );
}
