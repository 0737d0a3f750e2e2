import sanitizeHtml from 'sanitize-html';

/** An image or video we stored (/media/…) or an https address; anything else is dropped with its tag. */
function mediaSource(src: string | undefined): boolean {
  if (!src) return false;
  if (/^https:\/\/[^\s/]/i.test(src)) return true;
  return src.startsWith('/media/') && !src.includes('..') && !src.includes('\\');
}

function keepSource(tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  const { src, ...rest } = attribs;
  return { tagName, attribs: mediaSource(src) ? { src: src!, ...rest } : rest };
}

const OPTIONS: sanitizeHtml.IOptions = {
  // formatting, lists, tables, links and media; never meta, form, input, link, base, iframe, style or script
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'video', 'source'],
  // no style and no class: users' HTML may not restyle the page (decision 31)
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    video: ['src', 'controls', 'poster', 'width', 'height'],
    source: ['src', 'type'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https'], video: ['https'], source: ['https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite', 'poster'],
  allowProtocolRelative: false,
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }),
    img: keepSource,
    video: keepSource,
    source: keepSource,
  },
  // an image or a source left without an allowed address is no image at all
  exclusiveFilter: (frame) => (frame.tag === 'img' || frame.tag === 'source') && !frame.attribs.src,
};

/**
 * Rich text written by administrators and lecturers, cleaned on the server before it is stored (the call wrapper
 * cleans every field the contract marks rich, decision 31): formatting, links, images from our /media/ or https,
 * and tables stay; scripts, event handlers, styles, classes, forms, frames, meta refreshes and foreign image
 * hosts over http go.
 */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
