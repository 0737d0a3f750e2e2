import { data } from 'react-router';
import { Avatar } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { ResultCode } from '#contract/codes.ts';
import { lecturerPublicView } from '#contract/lecturer.ts';
import type { Route } from './+types/lecturer.ts';
import { ApiError, callWith } from '../api/client.ts';
import { serverContext } from '../context.ts';
import { PageMeta } from '../components/page-meta.tsx';
import { FollowButton } from '../features/account/follow-button.tsx';

export async function loader({ params, context }: Route.LoaderArgs) {
  if (!params.id) throw data(null, { status: 404 });
  try {
    return { lecturer: await callWith(context.get(serverContext).transport, lecturerPublicView, { id: params.id }) };
  } catch (err) {
    // an unknown, unlisted or malformed id is a page that does not exist
    if (err instanceof ApiError && err.code === ResultCode.ERROR) throw data(null, { status: 404 });
    throw err;
  }
}

/** /lecturer/:id — a lecturer's public page: profile, followers and the follow button. */
export default function LecturerPage({ loaderData }: Route.ComponentProps) {
  const { lecturer } = loaderData;
  return (
    <div className="qk-container qk-page">
      <PageMeta title={lecturer.lecturerName} description={lecturer.introduce.slice(0, 120) || undefined} />
      <section className="qk-lecturer-hero">
        <Avatar src={lecturer.headImgUrl || undefined} icon={<UserOutlined />} size={120} alt={lecturer.lecturerName} />
        <div className="qk-lecturer-hero__text">
          <h1>{lecturer.lecturerName}</h1>
          <p className="qk-muted">{lecturer.position}</p>
          <FollowButton
            lecturerId={lecturer.id}
            lecturerUserId={lecturer.userId}
            initialCount={lecturer.attentionCount}
          />
        </div>
      </section>
      <section className="qk-card">
        <h2 className="qk-card__title">讲师介绍</h2>
        <p className="qk-pre">{lecturer.introduce || '这位讲师还没有填写介绍。'}</p>
      </section>
    </div>
  );
}
