import type { ReactNode } from 'react';
import { Link } from '../components/link.tsx';

/**
 * One filter chip of a phone's list: a link to the list so filtered, marked when it is the filter shown. `replace`
 * for filters that should not pile up in the history; `keepPlace` for a list down the page, which the reader
 * should not be taken away from.
 */
export function H5Chip({
  to,
  on,
  replace,
  keepPlace,
  children,
}: {
  to: string;
  on: boolean;
  replace?: boolean;
  keepPlace?: boolean;
  children: ReactNode;
}) {
  return (
    <Link
      to={to}
      replace={replace}
      preventScrollReset={keepPlace}
      className={on ? 'h5-chip is-on' : 'h5-chip'}
      aria-current={on ? 'true' : undefined}
    >
      {children}
    </Link>
  );
}

/**
 * A list's filters as a row of chips, one per option, each linking to the list so filtered (`hrefOf`), the one shown
 * marked; choosing one replaces the last in the history.
 */
export function H5ChipNav<V extends string>({
  label,
  options,
  on,
  hrefOf,
  keepPlace,
  className,
}: {
  label: string;
  options: ReadonlyArray<{ value: V; label: string }>;
  on: V;
  hrefOf: (value: V) => string;
  keepPlace?: boolean;
  className?: string;
}) {
  return (
    <nav className={className ? `h5-chips ${className}` : 'h5-chips'} aria-label={label}>
      {options.map((o) => (
        <H5Chip key={o.value} to={hrefOf(o.value)} replace keepPlace={keepPlace} on={on === o.value}>
          {o.label}
        </H5Chip>
      ))}
    </nav>
  );
}
