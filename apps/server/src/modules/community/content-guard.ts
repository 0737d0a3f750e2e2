/**
 * What the community's writing services ask before they store a user's text, and what the report queue asks of
 * each kind of content. Blogs and questions take a `ContentGuard` and register their `ReportableContent`; the
 * moderation service implements the one and keeps the registry of the other, so neither side imports the other.
 */

/** The kinds of community content a user can write, and report. */
export type ContentKind = 'blog' | 'blogComment' | 'question' | 'answer' | 'answerComment';

/** A user's text as a person names it, for the refusal that names the field and the word. */
export interface GuardedField {
  label: string;
  text: string;
}

export interface ContentGuard {
  /** Refuses (999) when any field holds a word of the site's sensitive-word list, naming the word. */
  checkWords(siteId: bigint, fields: readonly GuardedField[]): Promise<void>;
  /** Counts one piece of writing against the user's hourly limit for its kind; refuses (999) past the limit. */
  takePostingSlot(siteId: bigint, userId: bigint, kind: ContentKind): Promise<void>;
}

/** What the report queue shows of a reported piece, and how an administrator acts on it. */
export interface ReportedTarget {
  title: string;
  /** The page where the piece is seen, e.g. `/blog/article/123#comment-456`. */
  url: string;
  authorId: bigint;
  hidden: boolean;
}

export interface ReportableContent {
  kind: ContentKind;
  describe(siteId: bigint, id: bigint): Promise<ReportedTarget | null>;
  hide(siteId: bigint, id: bigint): Promise<void>;
  restore(siteId: bigint, id: bigint): Promise<void>;
}
