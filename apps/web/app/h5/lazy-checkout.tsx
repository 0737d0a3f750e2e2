import { lazy, Suspense, useEffect, useState, type ComponentProps } from 'react';
import { whenIdle } from '../lib/idle.ts';

const load = () => import('./checkout-sheet.tsx');
const Sheet = lazy(() => load().then((m) => ({ default: m.CheckoutSheet })));

/**
 * The checkout sheet, fetched while the page is idle and drawn once a purchase opens it: its popup, with the
 * animation library under it, and the payment code stay out of the first load of the course and VIP pages.
 */
export function LazyCheckoutSheet(props: ComponentProps<typeof Sheet>) {
  const [wanted, setWanted] = useState(false);
  const open = props.purchase !== null;
  useEffect(() => {
    if (open) setWanted(true);
  }, [open]);
  useEffect(() => {
    whenIdle(() => void load().catch(() => undefined));
  }, []);
  if (!wanted && !open) return null;
  return (
    <Suspense fallback={null}>
      <Sheet {...props} />
    </Suspense>
  );
}
