import type { ReactNode } from 'react';
import { Link } from '../link.tsx';

/** A link from site settings: in-site paths route client-side, other addresses are plain anchors. */
export function SiteLink({
  href,
  target,
  className,
  children,
}: {
  href: string;
  target?: string;
  className?: string;
  children: ReactNode;
}) {
  const blank = target === '_blank';
  if (href.startsWith('/') && !href.startsWith('//')) {
    return (
      <Link to={href} className={className} target={blank ? '_blank' : undefined}>
        {children}
      </Link>
    );
  }
  return (
    <a
      href={href || '#'}
      className={className}
      target={blank ? '_blank' : undefined}
      rel={blank ? 'noopener noreferrer' : undefined}
    >
      {children}
    </a>
  );
}

/** Whether a nav item is the section the person is in ('/index' and '/' are both home). */
export function isActive(navUrl: string, pathname: string): boolean {
  const path = navUrl.split(/[?#]/)[0]!;
  if (!path.startsWith('/')) return false;
  const url = path.replace(/\/+$/, '');
  const home = (p: string) => p === '' || p === '/index';
  if (home(url)) return home(pathname.replace(/\/+$/, ''));
  return pathname === url || pathname.startsWith(`${url}/`);
}
