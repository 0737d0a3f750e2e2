import type { ReactNode } from 'react';
import { Link } from '../components/link.tsx';

/**
 * One filter chip of a phone's list: a link to the list so filtered, marked when it is the filter shown. `replace`
 * for filters that should not pile up in the history.
 */
export function H5Chip({
  to,
  on,
  replace,
  children,
}: {
  to: string;
  on: boolean;
  replace?: boolean;
  children: ReactNode;
}) {
  return (
    <Link to={to} replace={replace} className={on ? 'h5-chip is-on' : 'h5-chip'} aria-current={on ? 'true' : undefined}>
      {children}
    </Link>
  );
}
