import { Button, List, Popconfirm, Space, Tag } from 'antd';
import { useRevalidator } from 'react-router';
import { Link } from '../../components/link.tsx';
import { OrgRelationStatus, orgInviteAnswer, orgRelationEnd, type TOrgRelation } from '#contract/organisation.ts';
import { api } from '../../api/client.ts';
import { useAction } from '../account/use-action.ts';

/** On the lecturer's page: the organisation they teach for, and invitations waiting for an answer. */
export function OrgInvites({ invites }: { invites: TOrgRelation[] }) {
  const { run, pending } = useAction();
  const revalidator = useRevalidator();
  if (invites.length === 0) return null;
  const act = async (fn: () => Promise<unknown>, success: string) => {
    if (await run(fn, { toast: true, success })) void revalidator.revalidate();
  };
  return (
    <section className="qk-card" aria-label="机构">
      <h2 className="qk-card__title">机构</h2>
      <List
        dataSource={invites}
        renderItem={(r) => (
          <List.Item
            actions={
              r.status === OrgRelationStatus.INVITED
                ? [
                    <Button
                      key="yes"
                      type="primary"
                      size="small"
                      loading={pending}
                      onClick={() => act(() => api(orgInviteAnswer, { id: r.id, accept: 1 }), '已加入机构')}
                    >
                      接受邀请
                    </Button>,
                    <Button
                      key="no"
                      size="small"
                      loading={pending}
                      onClick={() => act(() => api(orgInviteAnswer, { id: r.id, accept: 0 }), '已拒绝邀请')}
                    >
                      拒绝
                    </Button>,
                  ]
                : [
                    <Popconfirm
                      key="leave"
                      title={`退出${r.orgName}？您的课程将不再出现在该机构的主页上。`}
                      onConfirm={() => act(() => api(orgRelationEnd, { id: r.id }), '已退出机构')}
                    >
                      <Button size="small" danger loading={pending}>
                        退出机构
                      </Button>
                    </Popconfirm>,
                  ]
            }
          >
            <List.Item.Meta
              title={
                <Space>
                  <Link to={`/schoolProfile/${r.orgUserId}`}>{r.orgName}</Link>
                  {r.status === OrgRelationStatus.ACCEPTED ? (
                    <Tag color="green">任教中</Tag>
                  ) : (
                    <Tag color="gold">邀请您加入</Tag>
                  )}
                </Space>
              }
              description={
                r.remark || (r.status === OrgRelationStatus.ACCEPTED ? `加入于 ${r.answerTime}` : r.gmtCreate)
              }
            />
          </List.Item>
        )}
      />
    </section>
  );
}
