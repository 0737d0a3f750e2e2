import { expect, type Locator, type Page } from '@playwright/test';

/** Pastes a drawn PNG into a rich-text editor as a screenshot from the clipboard would arrive. */
export async function pastePicture(editor: Locator, fileName: string): Promise<void> {
  await editor.evaluate(async (el, name) => {
    const canvas = new OffscreenCanvas(320, 120);
    const g = canvas.getContext('2d')!;
    g.fillStyle = '#00777c';
    g.fillRect(0, 0, 320, 120);
    g.fillStyle = '#fff';
    g.font = '32px sans-serif';
    g.fillText('截图 Screenshot', 24, 72);
    const png = await canvas.convertToBlob({ type: 'image/png' });
    const data = new DataTransfer();
    data.items.add(new File([png], name, { type: 'image/png' }));
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, fileName);
}

/**
 * Writes, through the toolbar and the keyboard, a heading, a paragraph, a pasted picture (uploaded to /media/), a
 * code block and a two-column table into the rich-text editor named `name`.
 */
export async function writeRichBody(
  page: Page,
  name: string,
  text: { heading: string; paragraph: string; code: string },
) {
  const editor = page.getByRole('textbox', { name });
  const toolbar = page.getByRole('toolbar', { name: '格式工具栏' });
  await editor.click();
  await toolbar.getByRole('button', { name: '二级标题' }).click();
  await page.keyboard.type(text.heading);
  await page.keyboard.press('Enter');
  await page.keyboard.type(text.paragraph);
  await pastePicture(editor, '截图.png');
  await expect(editor.locator('img')).toHaveAttribute('src', /^\/media\//);
  await page.keyboard.press('Control+End');
  await page.keyboard.press('Enter');
  await toolbar.getByRole('button', { name: '代码块' }).click();
  await page.keyboard.type(text.code);
  await expect(editor.locator('pre code')).toHaveText(text.code);
  for (let i = 0; i < 3; i++) await page.keyboard.press('Enter');
  await toolbar.getByRole('button', { name: '插入表格' }).click();
  await page.keyboard.type('课时');
  await page.keyboard.press('Tab');
  await page.keyboard.type('时长');
  await expect(editor.locator('table')).toBeVisible();
  return editor;
}
