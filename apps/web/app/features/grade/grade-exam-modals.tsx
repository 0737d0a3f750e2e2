import { Alert, DatePicker, Form, InputNumber, Modal, Select, Switch } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { paperPublishedList } from '#contract/exam-centre.ts';
import { gradeExamEdit, gradeExamRelationSave, gradeExamSave, type TGradeExam } from '#contract/grade-exam.ts';
import { gradeStudentPage } from '#contract/grade.ts';
import { api } from '../../api/client.ts';
import { useAction } from '../account/use-action.ts';
import { compensateEnd, examFormBody, examFormInitial, type ExamFormValues } from './grade-exam-form.ts';

/** Assign a paper of my bank to the class, or edit a class exam: the paper, the window, attempts, answers shown. */
export function ExamFormModal({
  gradeId,
  editing,
  open,
  onClose,
}: {
  gradeId: string;
  editing: TGradeExam | null;
  open: boolean;
  onClose: (saved: boolean) => void;
}) {
  const [form] = Form.useForm<ExamFormValues>();
  const [papers, setPapers] = useState<{ value: string; label: string }[]>([]);
  const [formError, setFormError] = useState<string | null>(null);
  const { run, pending, error } = useAction();
  useEffect(() => {
    if (!open) return;
    form.setFieldsValue(examFormInitial(editing));
    setFormError(null);
    api(paperPublishedList, { pageSize: 100 })
      .then((p) => setPapers(p.list.map((x) => ({ value: x.id, label: `${x.examName}（${x.answerTime} 分钟）` }))))
      .catch(() => undefined);
  }, [open, editing, form]);
  async function submit() {
    const built = examFormBody(gradeId, form.getFieldsValue(true));
    if (built.error !== undefined) return setFormError(built.error);
    setFormError(null);
    const { body } = built;
    const saved = await run(
      () => (editing ? api(gradeExamEdit, { ...body, id: editing.id }) : api(gradeExamSave, body)),
      { success: editing ? '已保存' : '考试已布置' },
    );
    if (saved) onClose(true);
  }
  return (
    <Modal
      open={open}
      title={editing ? '修改班级考试' : '布置考试'}
      okText={editing ? '保存' : '布置'}
      confirmLoading={pending}
      onOk={() => void submit()}
      onCancel={() => onClose(false)}
      destroyOnHidden
    >
      <Form form={form} layout="vertical">
        <Form.Item name="examId" label="试卷（我已发布的）">
          <Select options={papers} placeholder="选择试卷" aria-label="试卷" notFoundContent="还没有已发布的试卷" />
        </Form.Item>
        <Form.Item name="window" label="开放时间">
          <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" aria-label="开放时间" />
        </Form.Item>
        <Form.Item name="attemptLimit" label="可考次数（以最高分计）">
          <InputNumber min={1} max={10} precision={0} aria-label="可考次数" />
        </Form.Item>
        <Form.Item name="isShowAnswer" label="交卷后立即显示答案与解析（否则考试结束后显示）" valuePropName="checked">
          <Switch aria-label="交卷后显示答案" />
        </Form.Item>
      </Form>
      {formError || error ? <Alert type="error" showIcon message={formError ?? error} /> : null}
    </Modal>
  );
}

/** Compensate one member: the class exam reopens for them, one more attempt until the time chosen. */
export function CompensateModal({ exam, onClose }: { exam: TGradeExam | null; onClose: (saved: boolean) => void }) {
  const [members, setMembers] = useState<{ value: string; label: string }[]>([]);
  const [userId, setUserId] = useState<string | undefined>();
  const [until, setUntil] = useState<Dayjs | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const { run, pending, error } = useAction();
  useEffect(() => {
    if (!exam) return;
    setUserId(undefined);
    setUntil(null);
    setFormError(null);
    api(gradeStudentPage, { gradeId: exam.gradeId, pageSize: 100 })
      .then((p) => setMembers(p.list.map((m) => ({ value: m.userId, label: `${m.nickname || '学员'} ${m.mobile}` }))))
      .catch(() => undefined);
  }, [exam]);
  async function submit() {
    if (!exam) return;
    if (!userId) return setFormError('请选择成员');
    const end = compensateEnd(until);
    if ('error' in end) return setFormError(end.error);
    setFormError(null);
    const saved = await run(
      () => api(gradeExamRelationSave, { gradeExamId: exam.id, userId, compensateEndTime: end.value }),
      { success: '已为该成员开放补考' },
    );
    if (saved) onClose(true);
  }
  return (
    <Modal
      open={exam !== null}
      title={`补考：${exam?.examName ?? ''}`}
      okText="开放补考"
      confirmLoading={pending}
      onOk={() => void submit()}
      onCancel={() => onClose(false)}
      destroyOnHidden
    >
      <p className="qk-muted">为迟到或缺考的成员再开放一次考试机会，不受开放时间与次数限制，截止时间前有效。</p>
      <Form layout="vertical">
        <Form.Item label="成员">
          <Select
            value={userId}
            onChange={setUserId}
            options={members}
            placeholder="选择成员"
            showSearch={{ optionFilterProp: 'label' }}
            aria-label="成员"
          />
        </Form.Item>
        <Form.Item label="补考截止时间">
          <DatePicker
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            value={until}
            onChange={setUntil}
            aria-label="补考截止时间"
          />
        </Form.Item>
      </Form>
      {formError || error ? <Alert type="error" showIcon message={formError ?? error} /> : null}
    </Modal>
  );
}
