// usage: node sheet.mjs out.png width img1 img2 ...
import { launch } from './lib.mjs';
import fs from 'node:fs';
const [out, w, ...imgs] = process.argv.slice(2);
const b = await launch();
const p = await b.newPage({ viewport: { width: imgs.length * (Number(w) + 10), height: 600 } });
const html = `<body style="margin:0;background:#888;display:flex;gap:10px;align-items:flex-start">${imgs.map((f) => `<div><div style="font:12px sans-serif;color:#fff;background:#000">${f.split('/').pop()}</div><img style="width:${w}px" src="data:image/png;base64,${fs.readFileSync(f).toString('base64')}"></div>`).join('')}</body>`;
await p.setContent(html);
await p.screenshot({ path: out, fullPage: true });
await b.close();
