import { Alert, Button, Descriptions, Drawer, Input, InputNumber, Space, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { answerMark, answerView } from '#contract/exam-attempt.ts';
import { api } from '../../api/client.ts';
import { useAction } from '../account/use-action.ts';
import { Stem } from './problem-input.tsx';
import { reviewItems, scoreOf, type ReviewItem, type TRecordResult } from './result-review.tsx';

/** Reading an answer sheet and scoring one answer: the paper's own calls, or a class exam's. */
export interface MarkingCalls {
  view: (recordId: string) => Promise<TRecordResult>;
  mark: (body: { recordId: string; problemId: string; score: number; markRemark: string }) => Promise<unknown>;
}
const PAPER_MARKING: MarkingCalls = {
  view: (recordId) => api(answerView, { recordId }),
  mark: (body) => api(answerMark, body),
};

function MarkOne({
  recordId,
  item,
  max,
  onMarked,
  calls,
}: {
  recordId: string;
  item: ReviewItem;
  max: number;
  onMarked: () => void;
  calls: MarkingCalls;
}) {
  const [score, setScore] = useState<number | null>(item.result?.score ?? null);
  const [remark, setRemark] = useState(item.result?.markRemark ?? '');
  const { run, pending, error } = useAction();
  const marked = item.result?.markStatus === 2;
  return (
    <div className="qk-exam-compose-section" data-testid="mark-item">
      <Space style={{ marginBottom: 8 }}>
        <strong>{item.no}.</strong>
        <Tag>{item.problem.problemTypeName}</Tag>
        <span className="qk-muted">满分 {max} 分</span>
        {marked ? <Tag color="green">已批阅</Tag> : <Tag color="orange">待批阅</Tag>}
      </Space>
      {item.material ? <Stem html={item.material.problemContent} className="qk-exam-stem qk-muted" /> : null}
      <Stem html={item.problem.problemContent} />
      <Descriptions size="small" column={1} bordered style={{ margin: '10px 0' }}>
        <Descriptions.Item label="学员答案">
          <span style={{ whiteSpace: 'pre-wrap' }}>{item.result?.answer[0] || '（未作答）'}</span>
        </Descriptions.Item>
        <Descriptions.Item label="参考答案">
          <span style={{ whiteSpace: 'pre-wrap' }}>{item.problem.answer[0] ?? ''}</span>
        </Descriptions.Item>
      </Descriptions>
      <Space wrap>
        <InputNumber
          min={0}
          max={max}
          precision={0}
          value={score}
          onChange={setScore}
          suffix={`/ ${max}`}
          aria-label="得分"
        />
        <Input
          value={remark}
          onChange={(e) => setRemark(e.target.value)}
          maxLength={500}
          placeholder="评语（可不填）"
          style={{ width: 280 }}
        />
        <Button
          type="primary"
          loading={pending}
          disabled={score === null}
          onClick={async () => {
            if (
              (await run(
                () => calls.mark({ recordId, problemId: item.problem.id, score: score ?? 0, markRemark: remark }),
                { success: '已打分' },
              )) !== undefined
            )
              onMarked();
          }}
        >
          {marked ? '修改得分' : '确定得分'}
        </Button>
      </Space>
      {error ? <Alert type="error" showIcon message={error} style={{ marginTop: 8 }} /> : null}
    </div>
  );
}

/** Marking one submitted attempt: each short answer beside the reference answer, a score and a remark. */
export function MarkingDrawer({
  recordId,
  onClose,
  calls = PAPER_MARKING,
}: {
  recordId: string | null;
  onClose: (changed: boolean) => void;
  calls?: MarkingCalls;
}) {
  const [result, setResult] = useState<TRecordResult | null>(null);
  const [changed, setChanged] = useState(false);
  const { run, error } = useAction();
  const load = (id: string) => void run(() => calls.view(id)).then((r) => r && setResult(r));
  useEffect(() => {
    setResult(null);
    setChanged(false);
    if (recordId) load(recordId);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [recordId]);
  const items = result ? reviewItems(result).filter((it) => it.problem.problemType === 5) : [];
  const scores = result ? scoreOf(result) : new Map<string, number>();
  return (
    <Drawer
      open={recordId !== null}
      onClose={() => onClose(changed)}
      width={760}
      title={result ? `批阅：${result.userNickname} · ${result.examName}` : '批阅'}
      destroyOnHidden
    >
      {error ? <Alert type="error" showIcon message={error} /> : null}
      {result ? (
        <>
          <Descriptions size="small" column={3} style={{ marginBottom: 12 }}>
            <Descriptions.Item label="客观题">{result.objectiveScore} 分</Descriptions.Item>
            <Descriptions.Item label="主观题">{result.subjectiveScore} 分</Descriptions.Item>
            <Descriptions.Item label="当前总分">
              {result.totalScore} / {result.paperTotalScore}
            </Descriptions.Item>
            <Descriptions.Item label="交卷时间">{result.submitTime}</Descriptions.Item>
            <Descriptions.Item label="离开页面">{result.leaveCount} 次</Descriptions.Item>
            <Descriptions.Item label="状态">
              {result.status === 3 ? '已批完' : `待批 ${result.waitMarkCount} 题`}
            </Descriptions.Item>
          </Descriptions>
          {items.length === 0 ? <p className="qk-muted">这份答卷没有需要批阅的主观题。</p> : null}
          {items.map((it) => (
            <MarkOne
              key={it.problem.id + (it.result?.markStatus ?? '')}
              recordId={result.recordId}
              item={it}
              max={scores.get(it.problem.id) ?? 0}
              calls={calls}
              onMarked={() => {
                setChanged(true);
                load(result.recordId);
              }}
            />
          ))}
        </>
      ) : null}
    </Drawer>
  );
}
