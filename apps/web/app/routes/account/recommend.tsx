import { Button, Input, Result, Table } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { Link } from '../../components/link.tsx';
import type { Route } from './+types/recommend.ts';
import { Page } from '../../components/page.tsx';
import { useQueryParam } from '../../features/account/page-query.ts';
import { loadRecommend } from '../../features/account/recommend-load.ts';
import { RewardTable } from '../../features/order/money-tables.tsx';
import { money } from '../../features/order/order-format.ts';
import { copyText } from '../../lib/copy-text.ts';

const PAGE_SIZE = 20;

export function loader(args: Route.LoaderArgs) {
  return loadRecommend(args, PAGE_SIZE);
}

/**
 * /account/recommend — for recommenders: my share code, link and QR image, who registered through them, and the
 * rewards their payments brought me.
 */
export default function AccountRecommend({ loaderData }: Route.ComponentProps) {
  const setParam = useQueryParam();
  const { share, page, rewards, balance } = loaderData;
  if (!share || !page || !rewards || !balance) {
    return (
      <Page title="我的推荐">
        <Result status="info" title="您还没有推荐资格" subTitle="如需成为推荐人，请联系客服开通。" />
      </Page>
    );
  }
  return (
    <Page title="我的推荐">
      <section className="qk-card qk-share">
        <img src={share.qrcodeImg} alt="推荐二维码" width={148} height={148} />
        <div className="qk-share__text">
          <p>
            我的推荐码：<strong className="qk-share__code">{share.referralCode}</strong>
          </p>
          <p className="qk-muted">好友通过下面的链接或扫描二维码注册，即成为您推荐的用户。</p>
          <div className="qk-share__link">
            <Input value={share.shareUrl} readOnly aria-label="推荐链接" />
            <Button icon={<CopyOutlined />} onClick={() => void copyText(share.shareUrl)}>
              复制链接
            </Button>
          </div>
        </div>
      </section>
      <section className="qk-card">
        <h2 className="qk-card__title">我推荐的用户（{page.totalCount}）</h2>
        <Table
          rowKey={(r) => `${r.mobile}-${r.gmtCreate}`}
          dataSource={page.list}
          locale={{ emptyText: '还没有通过您的推荐注册的用户' }}
          columns={[
            { title: '昵称', dataIndex: 'nickname', render: (v: string) => v || '—' },
            { title: '手机号', dataIndex: 'mobile' },
            { title: '注册时间', dataIndex: 'gmtCreate', width: 200 },
          ]}
          pagination={{
            current: page.pageCurrent,
            pageSize: PAGE_SIZE,
            total: page.totalCount,
            showSizeChanger: false,
            hideOnSinglePage: true,
            onChange: (n) => setParam('page', n),
          }}
        />
      </section>
      <section className="qk-card">
        <h2 className="qk-card__title">推荐奖励（{rewards.totalCount}）</h2>
        <p className="qk-muted">
          累计推荐奖励 <strong data-testid="reward-total">{money(balance.totalReward)}</strong>，当前可提现{' '}
          {money(balance.availableAmount)}。<Link to="/account/draw_money">申请提现 →</Link>
        </p>
        <RewardTable page={rewards} onPage={(n) => setParam('rpage', n)} />
      </section>
    </Page>
  );
}
