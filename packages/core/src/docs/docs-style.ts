/** The docs page's only stylesheet, inlined and allowed by its CSP hash. Readable on a phone and a desktop. */
export const DOCS_STYLE = `
:root{color-scheme:light dark;--fg:#1d1f24;--bg:#fdfdfc;--muted:#5b6270;--line:#dfe2e8;--code:#f2f3f6;--accent:#b3541e}
@media (prefers-color-scheme:dark){:root{--fg:#e8e9ec;--bg:#14161a;--muted:#a3a9b6;--line:#2c3038;--code:#1d2026;--accent:#f0a060}}
*{box-sizing:border-box}
body{margin:0;font:16px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg);background:var(--bg)}
main{max-width:58rem;margin:0 auto;padding:1rem 1.25rem 4rem}
nav{border-bottom:1px solid var(--line);padding-bottom:1rem}
nav ul{columns:2 14rem;padding-left:1.2rem}
h1{font-size:1.9rem;margin:.5rem 0}
h2{margin-top:2.5rem;border-top:1px solid var(--line);padding-top:1.25rem}
h3{margin-top:1.75rem}
a{color:var(--accent)}
code,pre{font:.9em/1.45 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;background:var(--code);border-radius:4px}
code{padding:.1em .3em}
pre{padding:.75rem;overflow-x:auto}
pre code{padding:0;background:none}
table{border-collapse:collapse;width:100%;display:block;overflow-x:auto}
th,td{border:1px solid var(--line);padding:.35rem .5rem;text-align:left;vertical-align:top}
th{background:var(--code)}
.muted{color:var(--muted)}
`;
