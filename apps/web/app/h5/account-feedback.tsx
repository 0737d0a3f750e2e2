import { feedbackTypeLabel } from '#contract/feedback.ts';
import type { Route } from './+types/account-feedback.ts';
import { PageMeta } from '../components/page-meta.tsx';
import { loadMyFeedback } from '../features/account/my-lists.ts';
import { H5FeedbackForm } from './feedback-form.tsx';
import { H5Header } from './h5-frame.tsx';
import { H5Pager } from './h5-pager.tsx';
import './h5-lists.css';
import './h5-pages.css';

export function loader(args: Route.LoaderArgs) {
  return loadMyFeedback(args, 10);
}

/** /h5/account/feedback — send a suggestion or a problem, and read the platform's replies to earlier ones. */
export default function H5Feedback({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  return (
    <>
      <PageMeta title="意见反馈" />
      <H5Header title="意见反馈" />
      <h1 className="h5-visually-hidden">意见反馈</h1>
      <H5FeedbackForm />
      <section className="h5-section" aria-labelledby="my-feedback">
        <h2 id="my-feedback" className="h5-section__title">
          我的反馈
        </h2>
        {page.list.length === 0 ? <p className="h5-muted">还没有提交过反馈</p> : null}
      </section>
      {page.list.length > 0 ? (
        <ul className="h5-rows" aria-label={`我的反馈，共 ${page.totalCount} 条`}>
          {page.list.map((item) => (
            <li key={item.id} className="h5-rows__item">
              <div className="h5-rows__link">
                <span className="h5-muted">
                  <span className="h5-tag">{feedbackTypeLabel(item.feedbackType)}</span> {item.gmtCreate.slice(0, 16)} ·{' '}
                  {item.replyText ? '已回复' : '待回复'}
                </span>
                <p className="h5-pre">{item.content}</p>
                {item.imgUrls.length > 0 ? (
                  <div className="h5-feedback-images">
                    {item.imgUrls.map((u, i) => (
                      <a
                        key={u}
                        href={u}
                        target="_blank"
                        rel="noopener noreferrer"
                        className="h5-feedback-images__item"
                      >
                        <img src={u} alt={`反馈截图 ${i + 1}`} loading="lazy" />
                      </a>
                    ))}
                  </div>
                ) : null}
                {item.replyText ? (
                  <div className="h5-feedback-reply">
                    <strong>平台回复</strong> <span className="h5-muted">{item.replyTime.slice(0, 16)}</span>
                    <p className="h5-pre">{item.replyText}</p>
                  </div>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      <H5Pager page={page} />
    </>
  );
}
