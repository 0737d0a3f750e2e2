import { Button, Popconfirm, Space, Tag } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { type TPeriodAudit } from '#contract/studio.ts';
import { PERIOD_DOC_EXTENSIONS, PERIOD_DOC_MAX_BYTES, periodDocDelete, periodDocSave } from '#contract/studio-files.ts';
import { api } from '../../api/client.ts';
import { uploadFile } from '../../api/upload.ts';
import { useFileUpload } from './file-upload.ts';

const RULE = {
  allowed: PERIOD_DOC_EXTENSIONS,
  maxBytes: PERIOD_DOC_MAX_BYTES,
  typeMessage: '文档仅支持 md、txt、html 格式',
};

/** A library or resource lesson's content: the document learners read in the lesson page. */
export function PeriodDoc({
  period,
  docName,
  onChanged,
}: {
  period: TPeriodAudit;
  docName: string;
  onChanged: () => void;
}) {
  const upload = useFileUpload(RULE, (file) => uploadFile(periodDocSave, file, { periodId: period.id }), onChanged);
  const { run } = upload;

  return (
    <div className="qk-studio-lesson__content">
      {docName ? (
        <span className="qk-studio-video">
          <Tag color="success">文档</Tag>
          <span className="qk-studio-video__name">{docName}</span>
        </span>
      ) : (
        <span className="qk-muted">未上传文档</span>
      )}
      <Space size={4}>
        <input {...upload.inputProps} aria-label={`为「${period.periodName}」选择文档`} />
        <Button size="small" icon={<UploadOutlined />} loading={upload.pending} onClick={upload.choose}>
          {docName ? '更换文档' : '上传文档'}
        </Button>
        {docName ? (
          <Popconfirm
            title="从课时中移除这个文档？"
            okText="移除"
            cancelText="取消"
            onConfirm={async () => {
              if (
                (await run(() => api(periodDocDelete, { periodId: period.id }), {
                  toast: true,
                  success: '已移除文档',
                })) !== undefined
              )
                onChanged();
            }}
          >
            <Button size="small" type="text">
              移除
            </Button>
          </Popconfirm>
        ) : null}
      </Space>
    </div>
  );
}
