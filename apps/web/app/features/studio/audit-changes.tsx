import { Alert, Descriptions, Table, Tag } from 'antd';
import type { z } from 'zod';
import type { TCategoryNode } from '#contract/course.ts';
import type { FieldChange, ItemChange, TCourseAuditDiff } from '#contract/studio-admin.ts';
import { plainText } from '../course/rich-text.tsx';
import { priceText } from './studio-format.ts';
import { studioKindOf } from './studio-kind.ts';

type TFieldChange = z.output<typeof FieldChange>;
type TItemChange = z.output<typeof ItemChange>;

const CHANGE: Record<TItemChange['change'], { label: string; color: string }> = {
  added: { label: '新增', color: 'green' },
  removed: { label: '删除', color: 'red' },
  changed: { label: '修改', color: 'orange' },
};
const KIND: Record<TItemChange['kind'], string> = { chapter: '章节', period: '课时', accessory: '附件', pic: '图片' };

/** A changed value as a reader takes it in: pictures as pictures, category ids by name, empty as 无. */
function Value({
  field,
  value,
  categoryNames,
}: {
  field: string;
  value: string;
  categoryNames: Record<string, string>;
}) {
  if (!value) return <span className="qk-muted">无</span>;
  if (field === 'courseLogo' || field === 'picUrl') return <img className="qk-studio-diff__img" src={value} alt="" />;
  if (field === 'categoryId') return <>{categoryNames[value] ?? value}</>;
  return <>{value}</>;
}

function FieldTable({ fields, categoryNames }: { fields: TFieldChange[]; categoryNames: Record<string, string> }) {
  return (
    <Table<TFieldChange>
      rowKey="field"
      size="small"
      pagination={false}
      dataSource={fields}
      columns={[
        { title: '项目', dataIndex: 'label', width: 110 },
        {
          title: '已发布',
          dataIndex: 'before',
          render: (v: string, f) => <Value field={f.field} value={v} categoryNames={categoryNames} />,
        },
        {
          title: '修改后',
          dataIndex: 'after',
          render: (v: string, f) => <Value field={f.field} value={v} categoryNames={categoryNames} />,
        },
      ]}
    />
  );
}

function ItemList({
  items,
  periodNoun,
  categoryNames,
}: {
  items: TItemChange[];
  periodNoun: string;
  categoryNames: Record<string, string>;
}) {
  return (
    <ul className="qk-studio-diff__items" aria-label="章节与课时的变更">
      {items.map((it) => (
        <li key={`${it.kind}-${it.id}`}>
          <Tag color={CHANGE[it.change].color}>{CHANGE[it.change].label}</Tag>
          <span className="qk-muted">{it.kind === 'period' ? periodNoun : KIND[it.kind]}</span>
          <strong>{it.name}</strong>
          {it.kind !== 'chapter' && it.chapterName ? <span className="qk-muted">（{it.chapterName}）</span> : null}
          {it.change === 'changed' && it.fields.length ? (
            <div className="qk-studio-diff__fields">
              {it.fields.map((f) => (
                <div key={f.field}>
                  {f.label}：<Value field={f.field} value={f.before} categoryNames={categoryNames} /> →{' '}
                  <Value field={f.field} value={f.after} categoryNames={categoryNames} />
                </div>
              ))}
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** The draft's lessons in course order (the server lists them by their place within a chapter). */
function inCourseOrder(items: TItemChange[], draft: TCourseAuditDiff['draft']): TItemChange[] {
  const pos = new Map(
    draft.chapterList.flatMap((ch) => ch.periodList.map((p) => p.id)).map((id, i) => [id, i] as const),
  );
  const isListedPeriod = (it: TItemChange) => it.kind === 'period' && pos.has(it.id);
  const periods = items.filter(isListedPeriod).sort((a, b) => pos.get(a.id)! - pos.get(b.id)!);
  return items.map((it) => (isListedPeriod(it) ? periods.shift()! : it));
}

/**
 * What an approval would change on the published course (the administrator's audit and the lecturer's check): the
 * draft's facts, the course fields that differ, and the chapters, lessons and files added, removed or changed.
 */
export function AuditChanges({
  diff,
  categoryNames = {},
}: {
  diff: TCourseAuditDiff;
  categoryNames?: Record<string, string>;
}) {
  const d = diff.draft;
  const kind = studioKindOf(d.courseType);
  const none = diff.isPublished === 1 && diff.fields.length === 0 && diff.items.length === 0;
  return (
    <div className="qk-studio-diff">
      <Descriptions
        size="small"
        bordered
        column={2}
        items={[
          { key: 'n', label: '名称', children: d.courseName, span: 2 },
          { key: 'u', label: '讲师', children: diff.course.lecturerName || '—' },
          { key: 't', label: '类型', children: kind.noun },
          { key: 'c', label: '分类', children: d.categoryPath.map((c) => c.categoryName).join(' / ') || '—' },
          { key: 'p', label: '价格', children: priceText(d) },
          {
            key: 'l',
            label: '内容',
            children: `${d.chapterList.length} 章 · ${d.periodTotal} 个${kind.periodNoun} · ${d.accessoryList.length} 个附件`,
          },
          { key: 's', label: '最近提交', children: diff.course.submitTime || '—' },
          { key: 'i', label: '介绍', children: plainText(d.introduce).slice(0, 160) || '—', span: 2 },
        ]}
      />
      {diff.isPublished === 0 ? (
        <Alert
          className="qk-studio-diff__note"
          type="info"
          showIcon
          title={`首次提交：这是一门新的${kind.noun}，下面的内容都是新增的，审核通过后发布。`}
        />
      ) : none ? (
        <Alert className="qk-studio-diff__note" type="success" showIcon title="与已发布的版本相同，没有修改。" />
      ) : (
        <Alert
          className="qk-studio-diff__note"
          type="warning"
          showIcon
          title="已发布的版本照常销售，审核通过后以下修改才会生效。"
        />
      )}
      {diff.fields.length ? (
        <>
          <h3 className="qk-studio-diff__title">信息的修改（{diff.fields.length}）</h3>
          <FieldTable fields={diff.fields} categoryNames={categoryNames} />
        </>
      ) : null}
      {diff.items.length ? (
        <>
          <h3 className="qk-studio-diff__title">
            章节、{kind.periodNoun}与附件（{diff.items.length}）
          </h3>
          <ItemList items={inCourseOrder(diff.items, d)} periodNoun={kind.periodNoun} categoryNames={categoryNames} />
        </>
      ) : null}
    </div>
  );
}

/** Category names by id from a category tree, for showing a changed category by name. */
export function categoryNamesOf(trees: TCategoryNode[][]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const tree of trees)
    for (const a of tree) {
      out[a.id] = a.categoryName;
      for (const b of a.childrenList) {
        out[b.id] = `${a.categoryName} / ${b.categoryName}`;
        for (const c of b.childrenList) out[c.id] = `${a.categoryName} / ${b.categoryName} / ${c.categoryName}`;
      }
    }
  return out;
}
