import type { FastifyRequest } from 'fastify';
import { Id } from '#contract/call.ts';
import { PERIOD_DOC_EXTENSIONS, PERIOD_DOC_MAX_BYTES, type TPeriodDoc } from '#contract/studio-files.ts';
import type { Platform } from '../../platform/context.ts';
import { fail } from '../../platform/http/errors.ts';
import type { CoursePublishService } from '../course/course-publish.service.ts';
import { courseFileKey } from '../../platform/storage.ts';
import type { StudioAccess } from './studio-access.ts';
import type { PeriodAuditRow } from './studio.repo.ts';

const present = (r: Pick<PeriodAuditRow, 'id' | 'docKey' | 'docName'>): TPeriodDoc => ({
  periodId: String(r.id),
  docName: r.docKey ? r.docName : '',
  hasDoc: r.docKey ? 1 : 0,
});
/** The lesson page tells the kinds apart by the stored name's extension (.md, .html, anything else is text). */
const STORED_EXT: Record<string, string> = { md: 'md', markdown: 'md', txt: 'txt', html: 'html', htm: 'html' };

/**
 * The document of a lesson draft (a library lesson's text, shown in the lesson page). Stored privately, published
 * with the course on approval; a replaced document is deleted unless the published lesson still shows it.
 */
export class StudioDocService {
  private readonly p: Platform;
  private readonly access: StudioAccess;
  private readonly publisher: CoursePublishService;
  constructor(p: Platform, access: StudioAccess, publisher: CoursePublishService) {
    this.p = p;
    this.access = access;
    this.publisher = publisher;
  }

  async view(siteId: bigint, userId: bigint, periodId: bigint): Promise<TPeriodDoc> {
    return present((await this.access.ownPeriod(siteId, userId, periodId)).period);
  }

  /** One document (multipart: `periodId` and an optional `docName` first, then `file`). */
  async save(siteId: bigint, userId: bigint, req: FastifyRequest): Promise<TPeriodDoc> {
    await this.access.lecturer(siteId, userId);
    if (!req.isMultipart()) throw fail('请以 multipart/form-data 上传文档（字段 file）');
    const part = await req.file({ limits: { fileSize: PERIOD_DOC_MAX_BYTES, files: 1 } });
    if (!part) throw fail('请选择要上传的文档');
    const field = (name: string) => {
      const f = part.fields[name];
      const one = Array.isArray(f) ? f[0] : f;
      return one && one.type === 'field' ? String(one.value) : '';
    };
    let checked: { owned: Awaited<ReturnType<StudioAccess['ownPeriod']>>; ext: string };
    try {
      if (part.fieldname !== 'file') throw fail('上传字段应为 file');
      const periodId = Id.safeParse(field('periodId'));
      if (!periodId.success) throw fail('请先选择课时（periodId）再上传文档');
      const owned = await this.access.ownPeriod(siteId, userId, BigInt(periodId.data));
      const ext = STORED_EXT[/\.([a-z]{2,8})$/i.exec(part.filename)?.[1]?.toLowerCase() ?? ''];
      if (!ext) throw fail(`文档仅支持 ${PERIOD_DOC_EXTENSIONS.join('、')} 格式（Markdown、纯文本或网页）`);
      checked = { owned, ext };
    } catch (err) {
      part.file.resume();
      throw err;
    }
    const bytes = await part.toBuffer().catch(() => null);
    if (!bytes || part.file.truncated) throw fail(`文档不能超过 ${PERIOD_DOC_MAX_BYTES / 1024 / 1024} MB`);
    if (bytes.length === 0) throw fail('文件为空，请检查文件');
    if (!readableText(bytes)) throw fail('文档不是可读的 UTF-8 文本，请检查文件（可另存为 UTF-8 编码的 .md 或 .txt）');

    const { owned, ext } = checked;
    const key = courseFileKey(siteId, ext);
    await this.p.storage.put(key, bytes);
    const docName = (field('docName').trim() || part.filename).slice(0, 100);
    const row = await this.access.repo.updatePeriod(siteId, owned.period.id, { docKey: key, docName, docPages: 1 });
    await this.access.edited(siteId, owned.course);
    await this.forget(siteId, owned.period.docKey);
    return present(row!);
  }

  async remove(siteId: bigint, userId: bigint, periodId: bigint): Promise<TPeriodDoc> {
    const { period, course } = await this.access.ownPeriod(siteId, userId, periodId);
    if (!period.docKey) return present(period);
    const row = await this.access.repo.updatePeriod(siteId, period.id, { docKey: null, docName: '', docPages: 0 });
    await this.access.edited(siteId, course);
    await this.forget(siteId, period.docKey);
    return present(row!);
  }

  /** Deletes a document the draft no longer shows, unless a published lesson does. */
  private async forget(siteId: bigint, docKey: string | null): Promise<void> {
    if (docKey && !(await this.publisher.docInUse(siteId, docKey))) await this.p.storage.remove(docKey);
  }
}

/** UTF-8 text without NUL bytes (a binary file renamed .txt fails one of the two). */
function readableText(bytes: Buffer): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}
