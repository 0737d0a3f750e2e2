import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Input, InputNumber, Space, Tag } from 'antd';
import { useState } from 'react';
import { Link } from '../../components/link.tsx';
import type { CallData } from '#contract/call.ts';
import { EXAM_LIMITS } from '#contract/exam.ts';
import { paperRefSave, type paperPreview } from '#contract/exam-paper.ts';
import { api } from '../../api/client.ts';
import { useAction } from '../account/use-action.ts';
import { plainStem } from './problem-filters.tsx';

type Preview = CallData<typeof paperPreview>;
interface Row {
  problemId: string;
  score: number;
  typeName: string;
  stem: string;
  material: boolean;
}
interface Section {
  titleName: string;
  rows: Row[];
}

export function sectionsOf(p: Preview): Section[] {
  return p.sections.map((s) => ({
    titleName: s.titleName,
    rows: s.problems.map((x) => ({
      problemId: x.problemId,
      score: x.score,
      typeName: x.problem.problemTypeName,
      stem: plainStem(x.problem.problemContent),
      material: x.problem.problemType === 6,
    })),
  }));
}

/**
 * Composing by hand: sections with a title, problems with their scores, moved up and down or removed; problems
 * are picked from the bank on /account/exams/selectIssue. Saving replaces the paper's structure.
 */
export function ComposeSections({ preview, onSaved }: { preview: Preview; onSaved: (p: Preview) => void }) {
  const [sections, setSections] = useState<Section[]>(() => sectionsOf(preview));
  const { run, pending, error } = useAction();
  const total = sections.reduce((n, s) => n + s.rows.reduce((m, r) => m + r.score, 0), 0);
  const update = (i: number, f: (s: Section) => Section) => setSections(sections.map((s, j) => (j === i ? f(s) : s)));
  const move = (si: number, ri: number, d: number) =>
    update(si, (s) => {
      const rows = [...s.rows];
      const [r] = rows.splice(ri, 1);
      rows.splice(ri + d, 0, r!);
      return { ...s, rows };
    });

  async function save() {
    const saved = await run(
      () =>
        api(paperRefSave, {
          examId: preview.id,
          sections: sections.map((s) => ({
            titleName: s.titleName,
            problems: s.rows.map((r) => ({ problemId: r.problemId, score: r.score })),
          })),
        }),
      { success: '试卷结构已保存' },
    );
    if (saved) {
      setSections(sectionsOf(saved));
      onSaved(saved);
    }
  }

  return (
    <div>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        message={`当前 ${sections.length} 个大题，${sections.reduce((n, s) => n + s.rows.length, 0)} 道题，合计 ${total} 分（材料题的分值是其子题之和，保存后计算）。改动后请点“保存试卷结构”。`}
      />
      {sections.map((s, si) => (
        <div key={si} className="qk-exam-compose-section" data-testid="compose-section">
          <Space style={{ marginBottom: 8 }} wrap>
            <Input
              value={s.titleName}
              maxLength={50}
              style={{ width: 260 }}
              aria-label="大题名称"
              onChange={(e) => update(si, (x) => ({ ...x, titleName: e.target.value }))}
            />
            <Link to={`/account/exams/selectIssue?examId=${preview.id}&section=${si}`}>
              <Button icon={<PlusOutlined />}>从题库选题</Button>
            </Link>
            <Button danger icon={<DeleteOutlined />} onClick={() => setSections(sections.filter((_, j) => j !== si))}>
              删除大题
            </Button>
          </Space>
          {s.rows.length === 0 ? <p className="qk-muted">这个大题还没有题目</p> : null}
          {s.rows.map((r, ri) => (
            <div key={r.problemId} className="qk-exam-compose-row">
              <span>{ri + 1}.</span>
              <Tag>{r.typeName}</Tag>
              <span className="qk-exam-stem-cell">{r.stem}</span>
              {r.material ? (
                <span className="qk-muted">{r.score} 分（子题之和）</span>
              ) : (
                <InputNumber
                  size="small"
                  min={1}
                  max={100}
                  precision={0}
                  value={r.score}
                  suffix="分"
                  style={{ width: 110 }}
                  aria-label="分值"
                  onChange={(v) =>
                    update(si, (x) => ({ ...x, rows: x.rows.map((y, k) => (k === ri ? { ...y, score: v ?? 1 } : y)) }))
                  }
                />
              )}
              <Button
                size="small"
                icon={<ArrowUpOutlined />}
                disabled={ri === 0}
                aria-label="上移"
                onClick={() => move(si, ri, -1)}
              />
              <Button
                size="small"
                icon={<ArrowDownOutlined />}
                disabled={ri === s.rows.length - 1}
                aria-label="下移"
                onClick={() => move(si, ri, 1)}
              />
              <Button
                size="small"
                danger
                icon={<DeleteOutlined />}
                aria-label="移除"
                onClick={() => update(si, (x) => ({ ...x, rows: x.rows.filter((_, k) => k !== ri) }))}
              />
            </div>
          ))}
        </div>
      ))}
      <Space>
        <Button
          icon={<PlusOutlined />}
          disabled={sections.length >= EXAM_LIMITS.maxSections}
          onClick={() => setSections([...sections, { titleName: `第 ${sections.length + 1} 部分`, rows: [] }])}
        >
          添加大题
        </Button>
        <Button type="primary" loading={pending} onClick={save}>
          保存试卷结构
        </Button>
      </Space>
      {error ? <Alert type="error" showIcon message={error} style={{ marginTop: 16 }} /> : null}
    </div>
  );
}
