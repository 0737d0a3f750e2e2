/**
 * Where a learner's attempts are listed: the exam pages named by an attempt (answering, result, explanation) send
 * an address that names none here, to choose one.
 */
export const EXAM_RECORDS = '/account/exams/myExamination';

/** The same list on the H5 site. */
export const H5_EXAM_RECORDS = `/h5${EXAM_RECORDS}`;
