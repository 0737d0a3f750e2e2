import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { Id } from '#contract/call.ts';
import { ACCESSORY_EXTENSIONS, ACCESSORY_MAX_BYTES, type TAccessoryAudit } from '#contract/studio-files.ts';
import type { Platform } from '../../platform/context.ts';
import { fail } from '../../platform/http/errors.ts';
import { newId } from '../../platform/ids.ts';
import { formatTime } from '../../platform/time.ts';
import type { StudioAccess } from './studio-access.ts';
import { ownAccessory } from './studio.policy.ts';
import type { AccessoryAuditRow } from './studio.repo.ts';
import { courseFileKey } from '../../platform/storage.ts';

const present = (r: AccessoryAuditRow): TAccessoryAudit => ({
  id: String(r.id),
  courseId: String(r.courseId),
  accessoryName: r.accessoryName,
  fileSize: r.fileSize,
  gmtCreate: formatTime(r.gmtCreate),
});

/** The downloadable files of a course draft; published with the course on approval. */
export class StudioAccessoryService {
  private readonly p: Platform;
  private readonly access: StudioAccess;
  constructor(p: Platform, access: StudioAccess) {
    this.p = p;
    this.access = access;
  }

  async list(siteId: bigint, userId: bigint, courseId: bigint): Promise<TAccessoryAudit[]> {
    await this.access.ownCourse(siteId, userId, courseId);
    return (await this.access.repo.accessories(siteId, courseId)).map(present);
  }

  /** One file (multipart: `courseId` and an optional `accessoryName` first, then `file`), streamed to storage. */
  async save(siteId: bigint, userId: bigint, req: FastifyRequest): Promise<TAccessoryAudit> {
    await this.access.lecturer(siteId, userId);
    if (!req.isMultipart()) throw fail('请以 multipart/form-data 上传附件（字段 file）');
    const part = await req.file({ limits: { fileSize: ACCESSORY_MAX_BYTES, files: 1 } });
    if (!part) throw fail('请选择要上传的附件');
    const field = (name: string) => {
      const f = part.fields[name];
      const one = Array.isArray(f) ? f[0] : f;
      return one && one.type === 'field' ? String(one.value) : '';
    };
    let checked: { course: Awaited<ReturnType<StudioAccess['ownCourse']>>; ext: string; name: string };
    try {
      if (part.fieldname !== 'file') throw fail('上传字段应为 file');
      const courseId = Id.safeParse(field('courseId'));
      if (!courseId.success) throw fail('请先选择课程（courseId）再上传附件');
      const course = await this.access.ownCourse(siteId, userId, BigInt(courseId.data));
      const ext = /\.([a-z0-9]{1,5})$/i.exec(part.filename)?.[1]?.toLowerCase() ?? '';
      if (!(ACCESSORY_EXTENSIONS as readonly string[]).includes(ext))
        throw fail(`附件仅支持 ${ACCESSORY_EXTENSIONS.join('、')} 格式`);
      checked = { course, ext, name: (field('accessoryName').trim() || part.filename).slice(0, 100) };
    } catch (err) {
      part.file.resume();
      throw err;
    }
    const { course, ext, name } = checked;
    const key = courseFileKey(siteId, ext);
    let size = 0;
    const source = part.file;
    await this.p.storage.put(
      key,
      Readable.from(
        (async function* () {
          for await (const buf of source as AsyncIterable<Buffer>) {
            size += buf.length;
            yield buf;
          }
        })(),
      ),
    );
    if (part.file.truncated || size === 0) {
      await this.p.storage.remove(key);
      throw fail(size === 0 ? '文件为空，请检查文件' : `附件不能超过 ${ACCESSORY_MAX_BYTES / 1024 / 1024} MB`);
    }
    const sort = (await this.access.repo.accessories(siteId, course.id)).length + 1;
    const row = await this.access.repo.insertAccessory({
      id: newId(),
      siteId,
      courseId: course.id,
      accessoryName: name,
      storageKey: key,
      fileSize: size,
      sort,
    });
    await this.access.edited(siteId, course);
    return present(row);
  }

  async remove(siteId: bigint, userId: bigint, id: bigint): Promise<null> {
    await this.access.lecturer(siteId, userId);
    const found = await this.access.repo.accessory(siteId, id);
    const { course } = ownAccessory(found, found && (await this.access.repo.course(siteId, found.courseId)), userId);
    await this.access.repo.removeAccessory(siteId, id);
    await this.access.edited(siteId, course);
    return null;
  }
}
