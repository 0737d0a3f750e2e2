import { Descriptions, Typography } from 'antd';
import type { CallData } from '#contract/call.ts';
import type { gradeInfoShare } from '#contract/grade.ts';
import { JoinRule, type TGrade } from '#contract/grade.ts';

export type ShareData = CallData<typeof gradeInfoShare>;

/** How people join: the link (it carries the code, so it joins at once), its QR code for phones, and the code. */
export function SharePanel({ grade, data }: { grade: TGrade; data: ShareData }) {
  return (
    <div className="qk-grade-share">
      <figure className="qk-grade-share__qr">
        <img src={data.qrcodeImg} alt="班级加入二维码" width={200} height={200} />
        <figcaption>手机扫码打开班级并加入</figcaption>
      </figure>
      <Descriptions column={1} bordered size="middle" className="qk-grade-share__info">
        <Descriptions.Item label="加入链接">
          <Typography.Paragraph
            copyable={{ text: data.joinUrl, tooltips: ['复制链接', '已复制'] }}
            style={{ margin: 0 }}
          >
            <a href={data.joinUrl} target="_blank" rel="noreferrer">
              {data.joinUrl}
            </a>
          </Typography.Paragraph>
        </Descriptions.Item>
        <Descriptions.Item label="邀请码">
          <Typography.Text
            strong
            className="qk-grade-share__code"
            copyable={{ text: data.invitationCode, tooltips: ['复制邀请码', '已复制'] }}
          >
            {data.invitationCode}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label="说明">
          {grade.joinRule === JoinRule.OPEN
            ? '任何人打开班级页都可以直接加入。'
            : grade.joinRule === JoinRule.APPLY
              ? '通过链接、二维码或填写邀请码可直接加入；其他人在班级页提交申请，由您或班级管理员审核。'
              : '只有通过链接、二维码或填写邀请码才能加入，班级不出现在公开的班级列表中。'}
        </Descriptions.Item>
      </Descriptions>
    </div>
  );
}
