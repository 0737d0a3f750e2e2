import { EXAM_LIMITS } from '#contract/exam.ts';

/** What a learner confirms before the clock starts, on the PC start page and the H5 one. */
export function ExamRules({ answerTime }: { answerTime: number }) {
  return (
    <ol className="qk-exam-rules">
      <li>点击“开始考试”后开始计时，时间以服务器为准，共 {answerTime} 分钟；中途离开或刷新页面，计时不会暂停。</li>
      <li>每道题作答后自动保存，题目旁显示“已保存”即表示服务器已收到答案。</li>
      <li>网络中断时答案暂存在本机，网络恢复后自动提交；关闭浏览器后可从“我的试卷”继续考试，已作答内容不会丢失。</li>
      <li>考试时间到将自动交卷；截止后 {EXAM_LIMITS.graceSeconds} 秒内仍在途的答案会被接收。</li>
      <li>考试期间离开考试页面（切换窗口或标签页）会被记录，阅卷老师可见。</li>
      <li>客观题交卷后立即出分；简答题由讲师批阅后给出最终成绩。</li>
    </ol>
  );
}
