import { sql } from 'drizzle-orm';
import type { Platform } from '../../platform/context.ts';
import type { Seeder } from './seed.ts';

/**
 * The demo courses were loaded as published rows; their lecturers get the approved drafts approval would have
 * left (same ids), so the studio lists the courses they sell and edits them through audit. Runs after the demo
 * videos, so the drafts show the lessons' videos too.
 */
export const studioSeeder: Seeder = {
  name: 'studio.drafts',
  async run(p: Platform, { siteId }) {
    await p.db.transaction(async (tx) => {
      const demo = sql`select id from course where site_id = ${siteId} and status_id = 1 and course_type in (1, 3, 4)`;
      await tx.execute(sql`
        insert into course_audit (id, site_id, lecturer_user_id, category_id, course_type, course_name, course_logo, introduce, is_free,
          ruling_price, course_price, is_vip_free, speed_double, speed_drag, is_putaway, audit_status, is_published, gmt_create, gmt_modified, status_id, sort)
        select id, site_id, lecturer_user_id, category_id, course_type, course_name, course_logo, introduce, is_free,
          ruling_price, course_price, is_vip_free, speed_double, speed_drag, is_putaway, 1, 1, gmt_create, gmt_modified, status_id, sort
        from course where id in (${demo}) and site_id = ${siteId}
        on conflict (id) do nothing`);
      await tx.execute(sql`
        insert into course_chapter_audit (id, site_id, course_id, chapter_name, chapter_desc, is_free, gmt_create, gmt_modified, status_id, sort)
        select id, site_id, course_id, chapter_name, chapter_desc, is_free, gmt_create, gmt_modified, status_id, sort
        from course_chapter where site_id = ${siteId} and course_id in (${demo})
        on conflict (id) do nothing`);
      await tx.execute(sql`
        insert into course_chapter_period_audit (id, site_id, course_id, chapter_id, period_name, period_desc, is_free, video_id, video_duration,
          doc_key, doc_name, doc_pages, gmt_create, gmt_modified, status_id, sort)
        select id, site_id, course_id, chapter_id, period_name, period_desc, is_free, video_id, video_duration,
          doc_key, doc_name, doc_pages, gmt_create, gmt_modified, status_id, sort
        from course_chapter_period where site_id = ${siteId} and course_id in (${demo})
        on conflict (id) do nothing`);
      await tx.execute(sql`
        insert into course_accessory_audit (id, site_id, course_id, accessory_name, storage_key, file_size, gmt_create, gmt_modified, status_id, sort)
        select id, site_id, course_id, accessory_name, storage_key, file_size, gmt_create, gmt_modified, status_id, sort
        from course_accessory where site_id = ${siteId} and course_id in (${demo})
        on conflict (id) do nothing`);
    });
  },
};
