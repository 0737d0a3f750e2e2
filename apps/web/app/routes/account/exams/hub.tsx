import { Link } from '../../../components/link.tsx';
import { UserType } from '#contract/user.ts';
import { Page } from '../../../components/page.tsx';
import { useAccountUser } from '../../../features/account/account-user.ts';
import '../../../features/exam/account-exam.css';

const STUDENT = [
  { to: '/account/exams/myExam', title: '我的试卷', text: '考过和收藏的试卷，最高分与最近一次' },
  { to: '/account/exams/myExamination', title: '考试记录', text: '每一次考试：继续作答、查看成绩与解析' },
  { to: '/account/error/problem', title: '错题本', text: '按科目整理的错题，练习连续答对 3 次即移出' },
  { to: '/exam/exercise', title: '随堂练习', text: '按科目、题型抽题，每题立即反馈' },
  { to: '/exam', title: '考试中心', text: '浏览和参加已上架的试卷' },
];
const LECTURER = [
  { to: '/account/subject/comprehend', title: '题库管理', text: '单选、多选、判断、填空、简答与材料题' },
  { to: '/account/subject/add', title: '新增题目', text: '题干、选项、答案、解析、难度与分类' },
  { to: '/account/exams/add', title: '新建试卷', text: '手动选题组卷或按规则自动抽题' },
  { to: '/account/exams/examAdmin', title: '试卷管理', text: '审核、上架、批阅、成绩统计与导出' },
];

/** /account/exams — the way into everything about exams: as a student, and as a lecturer. */
export default function AccountExams() {
  const user = useAccountUser();
  return (
    <Page title="考试">
      <div className="qk-exam-hub__group">我的学习</div>
      <nav className="qk-exam-hub">
        {STUDENT.map((e) => (
          <Link key={e.to} to={e.to}>
            <strong>{e.title}</strong>
            <span>{e.text}</span>
          </Link>
        ))}
      </nav>
      {user.userType !== UserType.NORMAL ? (
        <>
          <div className="qk-exam-hub__group">讲师出卷</div>
          <nav className="qk-exam-hub">
            {LECTURER.map((e) => (
              <Link key={e.to} to={e.to}>
                <strong>{e.title}</strong>
                <span>{e.text}</span>
              </Link>
            ))}
          </nav>
        </>
      ) : null}
    </Page>
  );
}
