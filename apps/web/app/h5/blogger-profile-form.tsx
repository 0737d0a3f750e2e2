import { bloggerUpdate, type TBlogger } from '#contract/community-blog.ts';
import { Field, FormSubmit, TextareaField } from './form-parts.tsx';
import { PictureField } from './picture-field.tsx';
import { useCallForm } from './use-call-form.ts';

/** 博主资料 on a phone, on the contract's rules as the PC form: the picture, the blogger's name and introduction. */
export function H5BloggerProfileForm({ me }: { me: TBlogger }) {
  const { bind, bindPicture, pending, error, submit } = useCallForm(
    bloggerUpdate,
    { nickname: me.nickname, headImgUrl: me.headImgUrl, introduce: me.introduce },
    '博主资料已保存',
  );

  return (
    <form className="h5-pages__form" onSubmit={(e) => void submit(e)} aria-label="博主资料" noValidate>
      <PictureField label="博主头像" noun="头像" alt="博主头像" {...bindPicture('headImgUrl')} />
      <Field label="博主昵称" maxLength={20} {...bind('nickname')} />
      <TextareaField
        label="博主简介（选填）"
        maxLength={200}
        placeholder="介绍一下你自己和你写的内容"
        {...bind('introduce')}
      />
      <FormSubmit error={error} pending={pending} label="保存" pendingLabel="正在保存…" />
    </form>
  );
}
