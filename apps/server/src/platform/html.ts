import sanitizeHtml from 'sanitize-html';

/**
 * An image or video we stored (/media/…); anything else is dropped with its tag, so users' HTML never makes a reader's
 * browser fetch from a third party (decision 39).
 */
function mediaSource(src: string | undefined): boolean {
  if (!src) return false;
  return src.startsWith('/media/') && !src.includes('..') && !src.includes('\\');
}

function keepSource(tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  const { src, ...rest } = attribs;
  return { tagName, attribs: mediaSource(src) ? { src: src!, ...rest } : rest };
}

/** Every link of users' HTML opens apart from the page and passes it no standing (decision 39). */
function link(_tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  return { tagName: 'a', attribs: { ...attribs, rel: 'noopener noreferrer nofollow ugc', target: '_blank' } };
}

/**
 * The tags the editor writes, and the few plain formatting tags older introductions and exam stems hold. A tag not
 * listed is dropped and its text kept (scripts', styles' and textareas' text goes too: sanitize-html's defaults).
 */
const TAGS = [
  ...['p', 'br', 'hr', 'div', 'span', 'h2', 'h3', 'h4', 'blockquote', 'pre', 'code'],
  ...['strong', 'b', 'em', 'i', 'u', 's', 'sub', 'sup', 'mark', 'small', 'kbd', 'abbr', 'q', 'cite'],
  ...['ruby', 'rt', 'rp', 'ul', 'ol', 'li', 'dl', 'dt', 'dd', 'figure', 'figcaption', 'a', 'img', 'video', 'source'],
  ...['table', 'caption', 'colgroup', 'col', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td'],
];

const OPTIONS: sanitizeHtml.IOptions = {
  // never svg, math, meta, form, input, link, base, iframe, object, embed, template, style or script
  allowedTags: TAGS,
  // no style and no class: users' HTML may not restyle the page (decision 31); a code block may name its language
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    video: ['src', 'controls', 'poster', 'width', 'height'],
    source: ['src', 'type'],
    code: ['class'],
    ol: ['start'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
  },
  allowedClasses: { code: [/^language-[a-z0-9]+$/] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: [], video: [], source: [] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite', 'poster'],
  allowProtocolRelative: false,
  transformTags: {
    // the page's own heading is its only h1; levels below h4 read as h4
    h1: 'h2',
    h5: 'h4',
    h6: 'h4',
    a: link,
    img: keepSource,
    video: keepSource,
    source: keepSource,
  },
  // an image or a source left without an allowed address is no image at all
  exclusiveFilter: (frame) => (frame.tag === 'img' || frame.tag === 'source') && !frame.attribs.src,
};

/**
 * Rich text written by people, cleaned on the server before it is stored (the call wrapper cleans every field the
 * contract marks rich, decision 31; the allowlist is decision 39's): what the editor writes — headings, formatting,
 * lists, quotes, code blocks, links, images from our /media/ or https, tables — stays; scripts, event handlers,
 * styles, classes, forms, frames, svg and math, meta refreshes and foreign image hosts over http go.
 */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
