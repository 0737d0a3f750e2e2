import { EmptyState, Page } from '../components/page.tsx';
import { useSite } from '../lib/root-data.ts';

/** /view/service — how to reach customer service, from site info. */
export default function ServicePage() {
  const { webInfo: w } = useSite();
  const any = w.telephone || w.serviceContact || w.service1;
  return (
    <Page title="联系客服">
      {any ? (
        <div className="qk-service">
          {w.service1 ? <img src={w.service1} alt="客服二维码" width={180} height={180} /> : null}
          <div>
            {w.telephone ? (
              <p>
                24 小时服务热线：<strong>{w.telephone}</strong>
              </p>
            ) : null}
            {w.serviceContact ? <p>{w.serviceContact}</p> : null}
            {w.address ? <p>地址：{w.address}</p> : null}
          </div>
        </div>
      ) : (
        <EmptyState />
      )}
    </Page>
  );
}
