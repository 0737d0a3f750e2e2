import { useLocation } from 'react-router';
import { Link } from '../link.tsx';
import { switchHref } from '../../h5/h5-links.ts';
import { useMarkupKeeper, withValue } from '../../lib/kept-markup.ts';
import { useSite, type SiteChrome } from '../../lib/root-data.ts';

/**
 * A group with many articles (news) shows its first few; the rest are a click away, in the information centre, or
 * for a group kept out of it, beside the next article, whose page lists the whole group.
 */
const FOOTER_ARTICLES = 4;

/** Where the 手机版 link's address goes in the kept markup. */
const SWITCH_MARK = '/__qk_switch__';

/**
 * Spec §2 footer: the footer nav groups with their articles, address, 24-hour hotline, the two QR codes,
 * customer-service contact, friend links, copyright, filing numbers and the legal notice.
 */
export function SiteFooter() {
  const site = useSite();
  const { pathname, search } = useLocation();
  const switchTo = switchHref('h5', pathname + search);
  const keeper = useMarkupKeeper();
  if (keeper) {
    // the same for every page and visitor of the site but for the switch's address: rendered once on the server
    const { webInfo, aboutList, links } = site;
    const kept = keeper.markup(webInfo, 'footer', [aboutList, links], () => (
      <FooterContent site={site} switchTo={SWITCH_MARK} />
    ));
    return (
      <footer className="qk-footer" dangerouslySetInnerHTML={{ __html: withValue(kept, SWITCH_MARK, switchTo) }} />
    );
  }
  return (
    <footer className="qk-footer">
      <FooterContent site={site} switchTo={switchTo} />
    </footer>
  );
}

/** What the footer holds: drawn from the site's chrome alone, and the address of the switch to the phone's site. */
export function FooterContent({ site, switchTo }: { site: SiteChrome; switchTo: string }) {
  const { webInfo: w, aboutList, links } = site;
  return (
    <>
      <div className="qk-container qk-footer__top">
        <div className="qk-footer__groups">
          {aboutList.map((group) => (
            <div key={group.id} className="qk-footer__group">
              <h2>{group.navName}</h2>
              {group.articleList.slice(0, FOOTER_ARTICLES).map((a) => (
                <Link key={a.id} to={`/info/detail/${a.id}`} title={a.artTitle}>
                  {a.artTitle}
                </Link>
              ))}
              {group.articleList.length > FOOTER_ARTICLES ? (
                <Link
                  to={
                    group.infoShow === 1
                      ? `/info?navId=${group.id}`
                      : `/info/detail/${group.articleList[FOOTER_ARTICLES]!.id}`
                  }
                  className="qk-footer__more"
                >
                  更多
                </Link>
              ) : null}
            </div>
          ))}
        </div>
        <div className="qk-footer__contact">
          {w.telephone ? (
            <p className="qk-footer__phone">
              <span>24 小时服务热线</span>
              <strong>{w.telephone}</strong>
            </p>
          ) : null}
          {w.address ? <p>地址：{w.address}</p> : null}
          {w.serviceContact ? <p>{w.serviceContact}</p> : null}
        </div>
        <div className="qk-footer__qrs">
          {w.mpQrcode ? (
            <figure>
              <img src={w.mpQrcode} alt="官方公众号二维码" width={96} height={96} loading="lazy" />
              <figcaption>关注公众号</figcaption>
            </figure>
          ) : null}
          {w.service1 ? (
            <figure>
              <img src={w.service1} alt="客服二维码" width={96} height={96} loading="lazy" />
              <figcaption>联系客服</figcaption>
            </figure>
          ) : null}
        </div>
      </div>
      {links.length > 0 ? (
        <div className="qk-container qk-footer__links">
          <span>友情链接：</span>
          {links.map((l) => (
            <a
              key={l.id}
              href={l.linkUrl}
              target={l.linkTarget}
              rel={l.linkTarget === '_blank' ? 'noopener noreferrer' : undefined}
            >
              {l.linkName}
            </a>
          ))}
        </div>
      ) : null}
      <div className="qk-footer__bottom">
        <div className="qk-container">
          {w.legalNotice ? <p className="qk-footer__legal">{w.legalNotice}</p> : null}
          <p>
            {w.copyright ? <span>{w.copyright}</span> : null}
            {w.icp ? (
              <a href="https://beian.miit.gov.cn/" target="_blank" rel="noopener noreferrer">
                {w.icp}
              </a>
            ) : null}
            {w.prnNo ? (
              <a
                href={`http://www.beian.gov.cn/portal/registerSystemInfo?recordcode=${encodeURIComponent(w.prnNo)}`}
                target="_blank"
                rel="noopener noreferrer"
              >
                {w.prn ? `${w.prn} ${w.prnNo}号` : w.prnNo}
              </a>
            ) : null}
            {/* the 电脑版 / 手机版 switch (spec §4): remembered, so a phone that chose the PC site comes back */}
            <a href={switchTo}>手机版</a>
          </p>
        </div>
      </div>
    </>
  );
}
