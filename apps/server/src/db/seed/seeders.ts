import type { Seeder } from './seed.ts';
import { systemSeeder } from './system.seed.ts';
import { accountsSeeder } from './accounts.seed.ts';
import { peopleSeeder } from './people.seed.ts';
import { courseSeeder } from './course.seed.ts';
import { vodSeeder } from './vod.seed.ts';
import { examSeeder } from './exam.seed.ts';
import { studioSeeder } from './studio.seed.ts';
import { orderSeeder } from './order.seed.ts';
import { infoSeeder } from './info.seed.ts';
import { studySeeder } from './study.seed.ts';
import { questionSeeder } from './question.seed.ts';
import { moderationSeeder } from './moderation.seed.ts';
import { blogSeeder } from './blog.seed.ts';
import { gradeSeeder } from './grade.seed.ts';
import { gradeExamSeeder } from './grade-exam.seed.ts';
import { examAttemptsSeeder } from './exam-attempts.seed.ts';
import { organisationSeeder } from './organisation.seed.ts';
import { liveSeeder } from './live.seed.ts';

/** Demo content in the order it is loaded; each capability appends its own seeder. */
export const seeders: Seeder[] = [
  systemSeeder,
  accountsSeeder,
  peopleSeeder,
  courseSeeder,
  vodSeeder,
  studioSeeder,
  examSeeder,
  orderSeeder,
  infoSeeder,
  studySeeder,
  questionSeeder,
  moderationSeeder,
  blogSeeder,
  gradeSeeder,
  gradeExamSeeder,
  examAttemptsSeeder,
  organisationSeeder,
  liveSeeder,
];
