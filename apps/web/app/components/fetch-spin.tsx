import { Spin, type SpinProps } from 'antd';
import { useMinLoading } from '../lib/min-loading.ts';

/**
 * The spinner shown in place of data a client-side fetch is bringing: it appears only once the fetch has taken
 * 200 ms (spec §9), so a fast answer replaces an empty space, not a blinking spinner.
 */
export function FetchSpin(props: SpinProps) {
  const shown = useMinLoading(true);
  return shown ? <Spin {...props} /> : null;
}
