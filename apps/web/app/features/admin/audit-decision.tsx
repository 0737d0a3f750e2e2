import { Form, Input, Radio, Typography } from 'antd';

/** Audit results shared by every lecturer audit (courses, papers): 1 approved, 2 rejected. */
const APPROVED = 1;
const REJECTED = 2;

export const auditDefaults = { auditStatus: APPROVED, auditOpinion: '' };

/**
 * The decision part of an audit form: approve or reject, with an opinion the lecturer reads (required when
 * rejecting). A decided audit shows its opinion instead.
 */
export function AuditDecision(props: {
  pending: boolean;
  opinion?: string;
  approveLabel: string;
  extra: string;
  rejectHint: string;
  rejectExample: string;
}) {
  const form = Form.useFormInstance();
  const result = Form.useWatch('auditStatus', form) as number | undefined;
  if (!props.pending)
    return props.opinion ? <Typography.Paragraph>审核意见：{props.opinion}</Typography.Paragraph> : null;
  return (
    <>
      <Form.Item name="auditStatus" label="审核结果" extra={props.extra}>
        <Radio.Group
          options={[
            { value: APPROVED, label: props.approveLabel },
            { value: REJECTED, label: '不通过' },
          ]}
        />
      </Form.Item>
      <Form.Item
        name="auditOpinion"
        label="审核意见"
        dependencies={['auditStatus']}
        rules={[{ required: result === REJECTED, whitespace: true, message: props.rejectHint }]}
      >
        <Input.TextArea rows={3} maxLength={500} placeholder={result === REJECTED ? props.rejectExample : '可不填'} />
      </Form.Item>
    </>
  );
}
