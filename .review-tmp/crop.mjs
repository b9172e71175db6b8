// usage: node crop.mjs in.png out.png x y w h
import { launch } from './lib.mjs';
import fs from 'node:fs';
const [inp, out, x, y, w, h] = process.argv.slice(2);
const b = await launch();
const p = await b.newPage({ viewport: { width: 1400, height: 900 } });
await p.setContent(`<body style="margin:0"><img src="data:image/png;base64,${fs.readFileSync(inp).toString('base64')}"></body>`);
await p.screenshot({ path: out, clip: { x: +x, y: +y, width: +w, height: +h }, fullPage: true });
await b.close();
