import { Button, Popconfirm, Table } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import {
  ACCESSORY_EXTENSIONS,
  ACCESSORY_MAX_BYTES,
  accessoryDelete,
  accessorySave,
  type TAccessoryAudit,
} from '#contract/studio-files.ts';
import { api } from '../../api/client.ts';
import { uploadFile } from '../../api/upload.ts';
import { fileSize } from '../course/course-format.ts';
import { useFileUpload } from './file-upload.ts';

const RULE = {
  allowed: ACCESSORY_EXTENSIONS,
  maxBytes: ACCESSORY_MAX_BYTES,
  typeMessage: `附件仅支持 ${ACCESSORY_EXTENSIONS.join('、')} 格式`,
};

/** The course's downloadable files (handouts; a resource's files): upload and delete, published with the course. */
export function AccessoryPanel({
  courseId,
  items,
  onChanged,
}: {
  courseId: string;
  items: TAccessoryAudit[];
  onChanged: () => void;
}) {
  const upload = useFileUpload(RULE, (file) => uploadFile(accessorySave, file, { courseId }), onChanged);
  const { run } = upload;

  return (
    <section className="qk-studio-files" aria-label="课程附件">
      <header className="qk-studio-files__head">
        <strong>资料下载（附件）</strong>
        <span className="qk-muted">学员购买后可下载；单个文件不超过 {ACCESSORY_MAX_BYTES / 1024 / 1024} MB</span>
        <input {...upload.inputProps} aria-label="选择附件" />
        <Button icon={<UploadOutlined />} loading={upload.pending} onClick={upload.choose}>
          上传附件
        </Button>
      </header>
      <Table<TAccessoryAudit>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={items}
        locale={{ emptyText: '还没有附件' }}
        columns={[
          { title: '文件', dataIndex: 'accessoryName' },
          { title: '大小', dataIndex: 'fileSize', width: 100, render: (b: number) => fileSize(b) },
          { title: '上传时间', dataIndex: 'gmtCreate', width: 150, render: (t: string) => t.slice(0, 16) },
          {
            title: '',
            key: 'op',
            width: 70,
            render: (_: unknown, a) => (
              <Popconfirm
                title={`删除「${a.accessoryName}」？`}
                okText="删除"
                okButtonProps={{ danger: true }}
                cancelText="取消"
                onConfirm={async () => {
                  if (
                    (await run(() => api(accessoryDelete, { id: a.id }), { toast: true, success: '已删除附件' })) !==
                    undefined
                  )
                    onChanged();
                }}
              >
                <Button size="small" type="text" danger>
                  删除
                </Button>
              </Popconfirm>
            ),
          },
        ]}
      />
    </section>
  );
}
