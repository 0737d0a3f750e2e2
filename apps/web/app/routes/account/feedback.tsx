import { Pagination, Tag } from 'antd';
import { feedbackTypeLabel } from '#contract/feedback.ts';
import type { Route } from './+types/feedback.ts';
import { EmptyState, Page } from '../../components/page.tsx';
import { FeedbackForm } from '../../features/account/feedback-form.tsx';
import { loadMyFeedback } from '../../features/account/my-lists.ts';
import { useQueryParam } from '../../features/account/page-query.ts';

const PAGE_SIZE = 10;

export function loader(args: Route.LoaderArgs) {
  return loadMyFeedback(args, PAGE_SIZE);
}

/** /account/feedback — send a suggestion or problem, and read the platform's replies to earlier ones. */
export default function AccountFeedback({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  const setParam = useQueryParam();
  return (
    <Page title="意见反馈">
      <section className="qk-card">
        <FeedbackForm />
      </section>
      <section className="qk-card">
        <h2 className="qk-card__title">我的反馈</h2>
        {page.list.length === 0 ? <EmptyState text="还没有提交过反馈" /> : null}
        <ul className="qk-plain-list">
          {page.list.map((item) => (
            <li key={item.id} className="qk-feedback">
              <div className="qk-feedback__head">
                <Tag>{feedbackTypeLabel(item.feedbackType)}</Tag>
                <span className="qk-muted">{item.gmtCreate}</span>
                {item.replyText ? <Tag color="green">已回复</Tag> : <Tag>待回复</Tag>}
              </div>
              <p className="qk-feedback__content">{item.content}</p>
              {item.imgUrls.length ? (
                <div className="qk-image-list">
                  {item.imgUrls.map((u) => (
                    <a key={u} href={u} target="_blank" rel="noopener noreferrer" className="qk-image-list__item">
                      <img src={u} alt="反馈截图" />
                    </a>
                  ))}
                </div>
              ) : null}
              {item.replyText ? (
                <div className="qk-feedback__reply">
                  <strong>平台回复</strong>
                  <span className="qk-muted">{item.replyTime}</span>
                  <p>{item.replyText}</p>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
        {page.totalPage > 1 ? (
          <Pagination
            current={page.pageCurrent}
            pageSize={PAGE_SIZE}
            total={page.totalCount}
            showSizeChanger={false}
            onChange={(n) => setParam('page', n)}
          />
        ) : null}
      </section>
    </Page>
  );
}
