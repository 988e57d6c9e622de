/**
 * The docs page's only stylesheet, inlined and allowed by its CSP hash. One column on a phone; from
 * 64rem a sticky contents column beside the text. Light and dark follow the reader's setting.
 */
export const DOCS_STYLE = `
:root{color-scheme:light dark;--fg:#1d1f24;--bg:#fdfdfc;--muted:#5b6270;--line:#dfe2e8;--code:#f2f3f6;--accent:#a34a16}
@media (prefers-color-scheme:dark){:root{--fg:#e8e9ec;--bg:#14161a;--muted:#a3a9b6;--line:#2c3038;--code:#1d2026;--accent:#f0a060}}
*{box-sizing:border-box}
html{scroll-padding-top:1rem}
body{margin:0;font:16px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg);background:var(--bg)}
.layout{max-width:80rem;margin:0 auto;padding:0 1rem 4rem}
header{border-bottom:1px solid var(--line);padding:1rem 0 .5rem}
header p{margin:.25rem 0;color:var(--muted)}
h1{font-size:1.8rem;margin:0}
nav h2{font-size:.8rem;text-transform:uppercase;letter-spacing:.06em;color:var(--muted);margin:1rem 0 .25rem;border:0;padding:0}
nav ul{list-style:none;margin:0;padding:0;columns:2 9rem;column-gap:1rem}
nav li{padding:.15rem 0;break-inside:avoid}
nav a{text-decoration:none}
nav code{background:none;padding:0;font-size:.85em}
main{min-width:0}
@media (min-width:64rem){
.layout{display:grid;grid-template-columns:16rem minmax(0,1fr);column-gap:2.5rem}
header{grid-column:1/-1}
nav{position:sticky;top:0;align-self:start;max-height:100vh;overflow-y:auto;padding-bottom:1rem}
nav ul{columns:1}
}
section{margin-top:1rem}
main>section:first-child>h2{border-top:0;margin-top:1rem;padding-top:0}
h2{font-size:1.45rem;margin:2.25rem 0 .75rem;border-top:1px solid var(--line);padding-top:1.25rem}
h3{font:600 1.1rem/1.4 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;margin:2.5rem 0 .5rem;padding:.5rem .75rem;background:var(--code);border-left:4px solid var(--accent);border-radius:4px;overflow-wrap:anywhere}
h4{font-size:.95rem;margin:1.25rem 0 .4rem}
h2 a,h3 a{color:inherit;text-decoration:none}
h2 a:hover,h3 a:hover,h2 a:focus,h3 a:focus{text-decoration:underline}
a{color:var(--accent)}
code,pre{font:.875em/1.45 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;background:var(--code);border-radius:4px}
code{padding:.1em .3em;overflow-wrap:anywhere}
pre{padding:.75rem;margin:0;overflow-x:auto}
pre code{padding:0;background:none;font-size:1em;overflow-wrap:normal}
figure{margin:.75rem 0}
figcaption{font-size:.8rem;color:var(--muted);margin-bottom:.2rem}
details{margin:.75rem 0;border:1px solid var(--line);border-radius:4px}
summary{cursor:pointer;padding:.4rem .6rem;font-size:.9rem}
details pre{border-radius:0 0 4px 4px;max-height:32rem}
.scroll{overflow-x:auto;margin:.5rem 0}
table{border-collapse:collapse;width:100%;font-size:.92rem}
th,td{border:1px solid var(--line);padding:.35rem .5rem;text-align:left;vertical-align:top}
th{background:var(--code)}
td:first-child code{white-space:nowrap}
td code{overflow-wrap:normal}
dt{font-weight:600;margin-top:.5rem}
dd{margin:.15rem 0 0 1rem}
.tag{font-size:.75rem;border:1px solid var(--accent);color:var(--accent);border-radius:3px;padding:0 .3rem;white-space:nowrap}
.muted{color:var(--muted)}
@media (max-width:40rem){
pre{white-space:pre-wrap;overflow-wrap:anywhere}
.scroll{overflow:visible}
.scroll table,.scroll tbody,.scroll tr,.scroll td{display:block;width:100%}
.scroll thead{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%)}
.scroll tr{border:1px solid var(--line);border-radius:4px;margin:.5rem 0;padding:.35rem .6rem}
.scroll td{border:0;padding:.1rem 0}
.scroll td:empty{display:none}
.scroll td::before{content:attr(data-label) ": ";font-weight:600;font-size:.85em;color:var(--muted)}
}
`;
