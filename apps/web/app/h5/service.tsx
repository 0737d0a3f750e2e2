import { PageMeta } from '../components/page-meta.tsx';
import { useSite } from '../lib/root-data.ts';
import { H5Footer, H5Header } from './h5-frame.tsx';
import './h5-pages.css';

/** /h5/view/service — how to reach customer service on a phone: the hotline to call, the QR code, the address. */
export default function H5Service() {
  const { webInfo: w } = useSite();
  const any = w.telephone || w.serviceContact || w.service1 || w.address;
  return (
    <>
      <PageMeta title="联系客服" />
      <H5Header title="联系客服" />
      <section className="h5-section h5-service">
        <h1 className="h5-pages__title">联系客服</h1>
        {any ? null : <p className="h5-empty">客服联系方式正在更新，请稍后再来</p>}
        {w.telephone ? (
          <a className="h5-button h5-button--primary h5-button--block" href={`tel:${w.telephone}`}>
            拨打 24 小时服务热线 {w.telephone}
          </a>
        ) : null}
        {w.service1 ? (
          <figure>
            <img src={w.service1} alt="客服二维码" width={180} height={180} />
            <figcaption className="h5-muted">长按识别二维码，添加客服</figcaption>
          </figure>
        ) : null}
        {w.serviceContact ? <p>{w.serviceContact}</p> : null}
        {w.address ? <p>地址：{w.address}</p> : null}
      </section>
      <H5Footer />
    </>
  );
}
