import { useEffect, useRef } from 'react';
import type { EChartsOption } from 'echarts';

/**
 * One ECharts chart, loaded on demand in the browser (the library stays out of the pages' first load) and
 * resized with its box. The option is drawn again whenever it changes.
 */
export function EChart({ option, height = 320, label }: { option: EChartsOption; height?: number; label: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let disposed = false;
    let chart: { dispose: () => void; resize: () => void } | undefined;
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(() => chart?.resize());
    void import('../../lib/echarts.ts').then((echarts) => {
      if (disposed || !ref.current) return;
      const c = echarts.init(ref.current);
      c.setOption(option);
      chart = c;
      observer?.observe(ref.current);
    });
    return () => {
      disposed = true;
      observer?.disconnect();
      chart?.dispose();
    };
  }, [option]);
  return <div ref={ref} role="img" aria-label={label} style={{ width: '100%', height }} data-testid="echart" />;
}
