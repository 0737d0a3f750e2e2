import { lazy, Suspense, useState } from 'react';
import { Pagination, Segmented } from 'antd';
import { useRevalidator, useSearchParams } from 'react-router';
import { Link } from '../../components/link.tsx';
import type { TOrderItem } from '#contract/order.ts';
import type { Route } from './+types/order.ts';
import { EmptyState, Page } from '../../components/page.tsx';
import { ORDER_TABS, loadMyOrders } from '../../features/account/my-lists.ts';
import { useQueryParam } from '../../features/account/page-query.ts';
import { OrderCard } from '../../features/order/order-card.tsx';
import { OrderDetailModal } from '../../features/order/order-detail-modal.tsx';
import '../../features/order/order.css';

// the checkout loads when an order is paid, as on the course page
const CheckoutDialog = lazy(() => import('../../features/order/checkout-dialog.tsx'));
const PAGE_SIZE = 10;
const TABS = ORDER_TABS;

export function loader(args: Route.LoaderArgs) {
  return loadMyOrders(args, PAGE_SIZE);
}

/** /account/order — my orders by state: continue paying or close an unpaid one, study a bought course, see details. */
export default function AccountOrder({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  const [params] = useSearchParams();
  const setParam = useQueryParam();
  const revalidator = useRevalidator();
  const [paying, setPaying] = useState<TOrderItem | null>(null);
  const [viewing, setViewing] = useState<string | null>(null);
  const status = params.get('status') ?? '0';

  return (
    <Page title="我的订单">
      <Segmented
        className="qk-my-filter"
        value={TABS.some((t) => t.value === status) ? status : '0'}
        options={TABS}
        onChange={(v) => setParam('status', v === '0' ? null : String(v))}
      />
      <section className="qk-card">
        {page.list.length === 0 ? (
          <EmptyState text={status === '0' ? '还没有订单' : '没有这个状态的订单'}>
            <Link to="/list">去选课</Link>
          </EmptyState>
        ) : (
          page.list.map((o) => (
            <OrderCard
              key={o.orderNo}
              order={o}
              onPay={setPaying}
              onView={setViewing}
              onChanged={() => revalidator.revalidate()}
            />
          ))
        )}
      </section>
      {page.totalPage > 1 ? (
        <Pagination
          className="qk-pager"
          current={page.pageCurrent}
          pageSize={PAGE_SIZE}
          total={page.totalCount}
          showSizeChanger={false}
          onChange={(n) => setParam('page', n)}
        />
      ) : null}
      {paying ? (
        <Suspense fallback={null}>
          <CheckoutDialog
            purchase={{ kind: 'order', orderNo: paying.orderNo, name: paying.productName, price: paying.pricePayable }}
            onClose={() => setPaying(null)}
          />
        </Suspense>
      ) : null}
      <OrderDetailModal orderNo={viewing} onClose={() => setViewing(null)} />
    </Page>
  );
}
