/**
 * Spec §2 default layout: header and footer hidden on paths containing 'write'; footer hidden on reset,
 * apply, login and register; the top navigation hidden on apply.
 */
export function chromeFor(pathname: string): { header: boolean; nav: boolean; footer: boolean } {
  const writing = pathname.includes('write');
  return {
    header: !writing,
    nav: !pathname.includes('apply'),
    footer: !writing && !/(reset|apply|login|register)/.test(pathname),
  };
}
